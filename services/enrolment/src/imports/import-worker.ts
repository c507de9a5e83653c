import { asc, eq, sql } from 'drizzle-orm';
import { fold, STUDENT_IMPORT_KEYS } from '@cuota/contracts/enrolment/student-import';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { Executor } from '@cuota/messaging/transaction';
import type { EnrolmentDb } from '../enrolment-db';
import { importJobErrors, importJobs } from '../schema';
import { importRow } from './import-row';
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

type ClaimedJob = Pick<
  typeof importJobs.$inferSelect,
  'id' | 'schoolId' | 'fileName' | 'processedRows' | 'errorRows' | 'startedAt'
>;

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

const claimColumns = {
  id: importJobs.id,
  schoolId: importJobs.schoolId,
  fileName: importJobs.fileName,
  processedRows: importJobs.processedRows,
  errorRows: importJobs.errorRows,
  startedAt: importJobs.startedAt,
};

async function claimJob(tx: Executor): Promise<ClaimedJob | undefined> {
  const [job] = await tx
    .select(claimColumns)
    .from(importJobs)
    .where(eq(importJobs.status, 'PENDING'))
    .orderBy(asc(importJobs.createdAt), asc(importJobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return job;
}

async function processChunk(tx: Executor, sheets: Map<string, Sheet>, chunkSize: number) {
  const job = await claimJob(tx);
  if (!job) return false;
  const sheet = await sheetOf(tx, job, sheets);
  if (!sheet) {
    await tx
      .update(importJobs)
      .set({ status: 'ERROR', failure: 'No pudimos leer el archivo.', finishedAt: new Date() })
      .where(eq(importJobs.id, job.id));
    return true;
  }
  const rows = sheet.rows.slice(job.processedRows, job.processedRows + chunkSize);
  const columns = sheet.headers.map((h) => fold(h).replace(/\s+/g, '_'));
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
      await tx.insert(importJobErrors).values(
        outcome.errors.map((e) => ({
          jobId: job.id,
          rowNumber: row.number,
          field: e.field,
          message: e.message,
          row: cells,
        })),
      );
    }
  }
  const processed = job.processedRows + rows.length;
  const done = processed >= sheet.rows.length;
  const errorRows = job.errorRows + counts.errors;
  await tx
    .update(importJobs)
    .set({
      processedRows: processed,
      createdRows: sql`${importJobs.createdRows} + ${counts.created}`,
      skippedRows: sql`${importJobs.skippedRows} + ${counts.skipped}`,
      errorRows,
      startedAt: job.startedAt ?? new Date(),
      ...(done
        ? { status: errorRows ? 'FINISHED_WITH_ERROR' : 'FINISHED', finishedAt: new Date() }
        : {}),
    })
    .where(eq(importJobs.id, job.id));
  if (done) sheets.delete(job.id);
  return true;
}

/** The job's rows, parsed once per worker (a restart parses again). Null if unreadable. */
async function sheetOf(tx: Executor, job: ClaimedJob, sheets: Map<string, Sheet>) {
  const cached = sheets.get(job.id);
  if (cached) return cached;
  const [stored] = await tx
    .select({ file: importJobs.file })
    .from(importJobs)
    .where(eq(importJobs.id, job.id));
  const format = stored && sniffSpreadsheet(stored.file, job.fileName);
  if (!format) return null;
  const sheet = await readSheet(stored.file, format).catch(() => null);
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
    if (!job) return;
    await tx
      .update(importJobs)
      .set({
        status: 'ERROR',
        failure: 'La importación se detuvo por un error inesperado. Vuelve a intentarlo.',
        finishedAt: new Date(),
      })
      .where(eq(importJobs.id, job.id));
  });
}
