import { and, desc, eq, sql } from 'drizzle-orm';
import type { BulkJob, BulkOperationStatus } from '@cuota/contracts/billing/bulk-jobs';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { bulkJobs } from '../schema';

/** The only code that reads or writes `bulk_jobs` (ADR 0040). */
export type BulkJobRow = typeof bulkJobs.$inferSelect;
export type BulkJobError = BulkJobRow['errors'][number];

export const UNKNOWN_JOB = 'No encontramos este proceso masivo.';

export const toBulkJob = (r: BulkJobRow): BulkJob => ({
  id: r.id,
  school_id: r.schoolId,
  kind: r.kind,
  status: r.status,
  params: r.params,
  total: r.total,
  done: r.done,
  failed: r.failed,
  errors: r.errors,
  cancel_requested: r.cancelRequested,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

export async function insertBulkJob(
  tx: Executor,
  job: Pick<BulkJobRow, 'schoolId' | 'kind' | 'params' | 'studentIds' | 'createdBy'> &
    Partial<Pick<BulkJobRow, 'leaseToken' | 'leaseUntil'>>,
): Promise<BulkJobRow> {
  // Sorted: the cursor walks them in keyset order.
  const studentIds = [...job.studentIds].sort();
  const [row] = await tx
    .insert(bulkJobs)
    .values({ ...job, studentIds, total: studentIds.length })
    .returning();
  return row!;
}

export async function bulkJobOfSchool(
  db: Executor,
  schoolId: string,
  id: string,
  { lock = false } = {},
): Promise<BulkJobRow> {
  const query = db
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.schoolId, schoolId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(UNKNOWN_JOB);
  return row;
}

/** The school's jobs, newest first (the history the dashboard shows). */
export async function bulkJobsOfSchool(db: Executor, schoolId: string, limit = 50) {
  const rows = await db
    .select()
    .from(bulkJobs)
    .where(eq(bulkJobs.schoolId, schoolId))
    .orderBy(desc(bulkJobs.createdAt), desc(bulkJobs.id))
    .limit(limit);
  return rows.map(toBulkJob);
}

export async function saveBulkJob(tx: Executor, id: string, changes: Partial<BulkJobRow>) {
  const [row] = await tx.update(bulkJobs).set(changes).where(eq(bulkJobs.id, id)).returning();
  return row!;
}

/**
 * Takes the oldest job with work left whose lease is free or expired (a runner that died),
 * with a new lease token: only the holder of the token may commit its chunks. SKIP LOCKED:
 * two runners never wait on, nor take, the same job.
 */
export async function claimBulkJob(db: Executor, leaseMs: number): Promise<BulkJobRow | undefined> {
  const { rows } = await db.execute<{ id: string }>(sql`
    UPDATE bulk_jobs SET
      status = CASE WHEN status = 'RETRYING' THEN 'RETRYING' ELSE 'STARTED' END,
      lease_token = gen_random_uuid(),
      lease_until = now() + ${leaseMs} * interval '1 millisecond',
      attempts = attempts + 1
     WHERE id = (SELECT id FROM bulk_jobs
                  WHERE status IN ('PENDING', 'STARTED', 'RETRYING')
                    AND (lease_until IS NULL OR lease_until < now())
                  ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  if (!rows[0]) return undefined;
  const [row] = await db.select().from(bulkJobs).where(eq(bulkJobs.id, rows[0].id));
  return row;
}

/** The job, locked, if `token` still holds its lease; undefined: another runner took it. */
export async function lockLeasedJob(tx: Executor, id: string, token: string) {
  const [row] = await tx
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.leaseToken, token)))
    .for('update');
  return row;
}

/** The next `size` students after the cursor, in keyset order. */
export async function nextStudentsOf(tx: Executor, job: BulkJobRow, size: number) {
  const { rows } = await tx.execute<{ s: string }>(sql`
    SELECT s FROM bulk_jobs, unnest(student_ids) AS s
     WHERE id = ${job.id} AND (${job.cursor}::text IS NULL OR s > ${job.cursor})
     ORDER BY s LIMIT ${size}`);
  return rows.map((r) => r.s);
}

/** A chunk done: its students counted, its errors kept, the cursor moved, the lease renewed. */
export async function commitChunk(
  tx: Executor,
  job: BulkJobRow,
  chunk: { last: string; size: number; errors: BulkJobError[]; leaseMs: number },
) {
  return saveBulkJob(tx, job.id, {
    cursor: chunk.last,
    done: job.done + chunk.size,
    failed: job.failed + chunk.errors.length,
    errors: [...job.errors, ...chunk.errors],
    leaseUntil: sql`now() + ${chunk.leaseMs} * interval '1 millisecond'` as unknown as Date,
  });
}

/** Ends the job with its final status; the lease goes with it. */
export const finishBulkJob = (tx: Executor, id: string, status: BulkOperationStatus) =>
  saveBulkJob(tx, id, { status, leaseToken: null, leaseUntil: null, finishedAt: new Date() });

/** A runner that failed lets go of the job: the next claim takes it at once. */
export const releaseBulkJob = (db: Executor, id: string, token: string) =>
  db
    .update(bulkJobs)
    .set({ leaseUntil: null, leaseToken: null })
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.leaseToken, token)));
