import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  STUDENT_IMPORT_KEYS,
  type ImportJob,
  type ImportJobStatus,
} from '@cuota/contracts/enrolment/student-import';
import type { Executor } from '@cuota/messaging/transaction';
import { importJobErrors, importJobs } from '../schema';

/**
 * The only code that reads or writes `import_jobs` and `import_job_errors`. A job is the
 * importer's own bookkeeping: no other domain follows it, so no event goes with its writes
 * (the students and guardians it registers publish theirs).
 */
type JobRow = typeof importJobs.$inferSelect;

/** Every column but the file itself (which can weigh megabytes). */
const jobColumns = {
  id: importJobs.id,
  schoolId: importJobs.schoolId,
  status: importJobs.status,
  fileName: importJobs.fileName,
  totalRows: importJobs.totalRows,
  processedRows: importJobs.processedRows,
  createdRows: importJobs.createdRows,
  skippedRows: importJobs.skippedRows,
  errorRows: importJobs.errorRows,
  failure: importJobs.failure,
  createdAt: importJobs.createdAt,
  startedAt: importJobs.startedAt,
  finishedAt: importJobs.finishedAt,
};

function toImportJob(row: Omit<JobRow, 'file' | 'fileSha256' | 'createdBy'>): ImportJob {
  return {
    id: row.id,
    school_id: row.schoolId,
    status: row.status as ImportJobStatus,
    file_name: row.fileName,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created_rows: row.createdRows,
    skipped_rows: row.skippedRows,
    error_rows: row.errorRows,
    failure: row.failure,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function importJobById(db: Executor, id: string): Promise<ImportJob | null> {
  const [row] = await db.select(jobColumns).from(importJobs).where(eq(importJobs.id, id));
  return row ? toImportJob(row) : null;
}

/** The school's latest jobs, newest first. */
export async function importJobsOf(db: Executor, schoolId: string): Promise<ImportJob[]> {
  const rows = await db
    .select(jobColumns)
    .from(importJobs)
    .where(eq(importJobs.schoolId, schoolId))
    .orderBy(desc(importJobs.createdAt))
    .limit(20);
  return rows.map(toImportJob);
}

export interface NewImportJob {
  schoolId: string;
  fileName: string;
  fileSha256: string;
  file: Buffer;
  totalRows: number;
  createdBy: string;
}

export async function createImportJob(db: Executor, job: NewImportJob): Promise<ImportJob> {
  const [row] = await db.insert(importJobs).values(job).returning(jobColumns);
  return toImportJob(row!);
}

/** A failed job (ERROR) starts over: rows already imported are recognised and skipped. */
export async function requeueImportJob(tx: Executor, id: string): Promise<boolean> {
  const requeued = await tx
    .update(importJobs)
    .set({
      status: 'PENDING',
      processedRows: 0,
      createdRows: 0,
      skippedRows: 0,
      errorRows: 0,
      failure: null,
      startedAt: null,
      finishedAt: null,
    })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, 'ERROR')))
    .returning({ id: importJobs.id });
  if (requeued.length) await tx.delete(importJobErrors).where(eq(importJobErrors.jobId, id));
  return requeued.length > 0;
}

/** A job's row errors, by row and then in the sheet's column order. */
export async function importErrorsOf(db: Executor, jobId: string) {
  const rows = await db
    .select()
    .from(importJobErrors)
    .where(eq(importJobErrors.jobId, jobId))
    .orderBy(importJobErrors.rowNumber);
  const column = (field: string | null) => STUDENT_IMPORT_KEYS.indexOf(field as never);
  return rows.sort((a, b) => a.rowNumber - b.rowNumber || column(a.field) - column(b.field));
}

// ── The worker's side ──────────────────────────────────────────────────────────────────────

export type ClaimedJob = Pick<
  JobRow,
  'id' | 'schoolId' | 'fileName' | 'processedRows' | 'errorRows' | 'startedAt'
>;

/**
 * The oldest PENDING job, locked until the transaction ends; SKIP LOCKED, so two workers
 * never share a job.
 */
export async function claimJob(tx: Executor): Promise<ClaimedJob | undefined> {
  const [job] = await tx
    .select({
      id: importJobs.id,
      schoolId: importJobs.schoolId,
      fileName: importJobs.fileName,
      processedRows: importJobs.processedRows,
      errorRows: importJobs.errorRows,
      startedAt: importJobs.startedAt,
    })
    .from(importJobs)
    .where(eq(importJobs.status, 'PENDING'))
    .orderBy(asc(importJobs.createdAt), asc(importJobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return job;
}

export async function storedFileOf(db: Executor, jobId: string): Promise<Buffer | null> {
  const [stored] = await db
    .select({ file: importJobs.file })
    .from(importJobs)
    .where(eq(importJobs.id, jobId));
  return stored?.file ?? null;
}

/** The job ends in ERROR with this Spanish reason. */
export async function failJob(tx: Executor, jobId: string, failure: string): Promise<void> {
  await tx
    .update(importJobs)
    .set({ status: 'ERROR', failure, finishedAt: new Date() })
    .where(eq(importJobs.id, jobId));
}

export async function recordRowErrors(
  tx: Executor,
  jobId: string,
  rowNumber: number,
  row: Record<string, string>,
  errors: { field: string | null; message: string }[],
): Promise<void> {
  await tx
    .insert(importJobErrors)
    .values(errors.map((e) => ({ jobId, rowNumber, field: e.field, message: e.message, row })));
}

export interface ChunkProgress {
  processedRows: number;
  created: number;
  skipped: number;
  errorRows: number;
  startedAt: Date;
  /** Set when the chunk was the last: how the job ended. */
  finished: 'FINISHED' | 'FINISHED_WITH_ERROR' | null;
}

export async function saveChunkProgress(
  tx: Executor,
  jobId: string,
  progress: ChunkProgress,
): Promise<void> {
  await tx
    .update(importJobs)
    .set({
      processedRows: progress.processedRows,
      createdRows: sql`${importJobs.createdRows} + ${progress.created}`,
      skippedRows: sql`${importJobs.skippedRows} + ${progress.skipped}`,
      errorRows: progress.errorRows,
      startedAt: progress.startedAt,
      ...(progress.finished ? { status: progress.finished, finishedAt: new Date() } : {}),
    })
    .where(eq(importJobs.id, jobId));
}
