import { STUDENT_IMPORT_KEYS } from '@cuota/contracts/enrolment/student-import';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { Executor } from '@cuota/messaging/transaction';
import type { EnrolmentDb } from '../enrolment-db';
import {
  claimJob,
  failJob,
  recordRowErrors,
  saveChunkProgress,
  storedFileOf,
  type ClaimedJob,
} from './import-job-repository';
import { importRow } from './import-row';
import { columnKeyOf } from './import-rules';
import { readSheet, sniffSpreadsheet, type Sheet } from './spreadsheet';

export interface ImportWorkerDeps {
  db: EnrolmentDb;
  logger: Logger;
}

export interface ImportWorker {
  /** Processes one chunk of the oldest pending job; false when there was nothing to do. */
  runOnce: () => Promise<boolean>;
  start: () => void;
  /** Finishes the chunk in hand (its transaction) and stops polling. */
  stop: () => Promise<void>;
  wake: () => void;
}

/**
 * The background importer. Work is claimed a chunk at a time: the oldest PENDING job is
 * locked (FOR UPDATE SKIP LOCKED, so two workers never share a job), the next rows are
 * imported and the progress is saved in that same transaction. A crash loses only the
 * uncommitted chunk, and the next worker (after a restart) resumes at processed_rows.
 */
export function createImportWorker(
  deps: ImportWorkerDeps,
  { chunkSize = 25, pollMs = 500 } = {},
): ImportWorker {
  const sheets = new Map<string, Sheet>();
  let running: Promise<void> | null = null;
  let stopped = true;
  let nudge: () => void = () => {};

  const runOnce = async (): Promise<boolean> => {
    try {
      const worked = await deps.db.transaction((tx) => processChunk(tx, sheets, chunkSize));
      return worked;
    } catch (err) {
      deps.logger.error({ err }, 'student import chunk failed');
      await failOldestClaimable(deps.db).catch(() => {});
      // Wait a poll before the next try: a database that is down is not hammered.
      return false;
    }
  };

  const loop = async () => {
    while (!stopped) {
      if (await runOnce()) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        nudge = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };

  return {
    runOnce,
    start: () => {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    stop: async () => {
      stopped = true;
      nudge();
      await running;
      running = null;
    },
    wake: () => nudge(),
  };
}

async function processChunk(tx: Executor, sheets: Map<string, Sheet>, chunkSize: number) {
  const job = await claimJob(tx);
  if (!job) return false;
  const sheet = await sheetOf(tx, job, sheets);
  if (!sheet) {
    await failJob(tx, job.id, 'No pudimos leer el archivo.');
    return true;
  }
  const rows = sheet.rows.slice(job.processedRows, job.processedRows + chunkSize);
  const columns = sheet.headers.map(columnKeyOf);
  const counts = { created: 0, skipped: 0, errors: 0 };
  for (const row of rows) {
    const cells = Object.fromEntries(
      columns
        .map((c, i) => [c, row.cells[i] ?? ''] as const)
        .filter(([c]) => STUDENT_IMPORT_KEYS.includes(c as never)),
    );
    const outcome = await importRow(tx, job.schoolId, cells);
    if (outcome.kind !== 'invalid') counts[outcome.kind]++;
    else {
      counts.errors++;
      await recordRowErrors(tx, job.id, row.number, cells, outcome.errors);
    }
  }
  const processed = job.processedRows + rows.length;
  const errorRows = job.errorRows + counts.errors;
  const done = processed >= sheet.rows.length;
  await saveChunkProgress(tx, job.id, {
    processedRows: processed,
    created: counts.created,
    skipped: counts.skipped,
    errorRows,
    startedAt: job.startedAt ?? new Date(),
    finished: done ? (errorRows ? 'FINISHED_WITH_ERROR' : 'FINISHED') : null,
  });
  if (done) sheets.delete(job.id);
  return true;
}

/** The job's rows, parsed once per worker (a restart parses again). Null if unreadable. */
async function sheetOf(tx: Executor, job: ClaimedJob, sheets: Map<string, Sheet>) {
  const cached = sheets.get(job.id);
  if (cached) return cached;
  const file = await storedFileOf(tx, job.id);
  const format = file && sniffSpreadsheet(file, job.fileName);
  if (!file || !format) return null;
  const sheet = await readSheet(file, format).catch(() => null);
  if (sheet) sheets.set(job.id, sheet);
  return sheet;
}

/**
 * A chunk that failed for an unexpected reason would fail again forever: the job it was on
 * (the oldest claimable) ends in ERROR; staff can run it again (POST /api/v1/internal/importer/).
 */
async function failOldestClaimable(db: EnrolmentDb): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await claimJob(tx);
    if (job)
      await failJob(
        tx,
        job.id,
        'La importación se detuvo por un error inesperado. Vuelve a intentarlo.',
      );
  });
}
