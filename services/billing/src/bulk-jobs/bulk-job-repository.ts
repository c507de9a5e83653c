import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type {
  BulkJob,
  BulkJobList,
  BulkJobListQuery,
  BulkOperationStatus,
} from '@cuota/contracts/billing/bulk-jobs';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { bulkJobs } from '../schema';

/** The only code that reads or writes `bulk_jobs` (ADR 0040). */
type BulkJobRecord = typeof bulkJobs.$inferSelect;

/**
 * A job as read: everything but its student list, which only SQL walks (nextStudentsOf).
 * 100,000 ids read into the service at each chunk's lock and commit took 0.7 s apiece.
 */
export type BulkJobRow = Omit<BulkJobRecord, 'studentIds'>;
const { studentIds: _list, ...JOB } = getTableColumns(bulkJobs);
export type BulkJobError = BulkJobRow['errors'][number];

/** The staff member who starts a job, as the history names them; null: a service or the seed. */
export type JobStarter = { id: string; name: string | null } | null;
export const starterColumns = (by: JobStarter) => ({
  createdBy: by?.id ?? null,
  createdByName: by?.name ?? null,
});

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
  created_by_name: r.createdByName,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

export async function insertBulkJob(
  tx: Executor,
  job: Pick<BulkJobRecord, 'schoolId' | 'kind' | 'params' | 'studentIds' | 'createdBy'> &
    Partial<Pick<BulkJobRecord, 'createdByName'>> &
    Partial<Pick<BulkJobRow, 'leaseToken' | 'leaseUntil'>>,
): Promise<BulkJobRow> {
  // Sorted: the cursor walks them in keyset order.
  const studentIds = [...job.studentIds].sort();
  const [row] = await tx
    .insert(bulkJobs)
    .values({ ...job, studentIds, total: studentIds.length })
    .returning(JOB);
  return row!;
}

export async function bulkJobOfSchool(
  db: Executor,
  schoolId: string,
  id: string,
  { lock = false } = {},
): Promise<BulkJobRow> {
  const query = db
    .select(JOB)
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.schoolId, schoolId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(UNKNOWN_JOB);
  return row;
}

/**
 * A page of the school's jobs, newest first, of a kind and status if asked, with how many
 * match (the history the dashboard shows; bulk_jobs_school_idx serves the order).
 */
export async function bulkJobsOfSchool(
  db: Executor,
  schoolId: string,
  query: BulkJobListQuery,
): Promise<BulkJobList> {
  const where = and(
    eq(bulkJobs.schoolId, schoolId),
    query.kind ? eq(bulkJobs.kind, query.kind) : undefined,
    query.status ? eq(bulkJobs.status, query.status) : undefined,
  );
  const [rows, [matching]] = await Promise.all([
    db
      .select(JOB)
      .from(bulkJobs)
      .where(where)
      .orderBy(desc(bulkJobs.createdAt), desc(bulkJobs.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(bulkJobs).where(where),
  ]);
  return {
    count: matching!.n,
    page: query.page,
    page_size: query.page_size,
    results: rows.map(toBulkJob),
  };
}

export async function saveBulkJob(tx: Executor, id: string, changes: Partial<BulkJobRecord>) {
  const [row] = await tx.update(bulkJobs).set(changes).where(eq(bulkJobs.id, id)).returning(JOB);
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
  const [row] = await db.select(JOB).from(bulkJobs).where(eq(bulkJobs.id, rows[0].id));
  return row;
}

/** The job, locked, if `token` still holds its lease; undefined: another runner took it. */
export async function lockLeasedJob(tx: Executor, id: string, token: string) {
  const [row] = await tx
    .select(JOB)
    .from(bulkJobs)
    .where(and(eq(bulkJobs.id, id), eq(bulkJobs.leaseToken, token)))
    .for('update');
  return row;
}

/**
 * The next `size` students after the cursor: the list is sorted, so the slice after the
 * cursor's place (a scan, not a sort of the whole list: 100,000 students stay cheap per chunk).
 */
export async function nextStudentsOf(tx: Executor, job: BulkJobRow, size: number) {
  const { rows } = await tx.execute<{ s: string }>(sql`
    SELECT unnest(student_ids[p + 1 : p + ${size}]) AS s
      FROM (SELECT student_ids, coalesce(array_position(student_ids, ${job.cursor}::text), 0) AS p
              FROM bulk_jobs WHERE id = ${job.id}) j`);
  return rows.map((r) => r.s);
}

/**
 * A bill run's job (ADR 0046): its students are the active ones of the level now, sorted and
 * counted in SQL (100,000 ids never travel to the service). `leaseToken`: the caller runs it
 * itself before anyone else may claim it.
 */
export async function insertBillRunJob(
  tx: Executor,
  job: Pick<BulkJobRow, 'schoolId' | 'params' | 'createdBy' | 'createdByName' | 'leaseToken'> & {
    level: string | null;
    leaseMs: number;
  },
): Promise<BulkJobRow> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    INSERT INTO bulk_jobs (school_id, kind, params, student_ids, total, created_by, created_by_name,
                           lease_token, lease_until)
    SELECT ${job.schoolId}, 'bill_run', ${JSON.stringify(job.params)}::jsonb,
           coalesce(array_agg(student_id ORDER BY student_id), '{}'), count(*)::int, ${job.createdBy},
           ${job.createdByName},
           ${job.leaseToken}::uuid,
           CASE WHEN ${job.leaseToken}::uuid IS NULL THEN NULL
                ELSE now() + ${job.leaseMs} * interval '1 millisecond' END
      FROM student_directory
     WHERE school_id = ${job.schoolId} AND status = 'active'
       AND (${job.level}::text IS NULL OR level = ${job.level})
    RETURNING id`);
  const [row] = await tx.select(JOB).from(bulkJobs).where(eq(bulkJobs.id, rows[0]!.id));
  return row!;
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
