import { randomUUID } from 'node:crypto';
import type { BillRun, CreateBillRun } from '@cuota/contracts/billing/bill-runs';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { conceptById, UNKNOWN_CONCEPT } from '../concepts/concept-repository';
import {
  bulkJobOfSchool,
  insertBillRunJob,
  saveBulkJob,
  starterColumns,
  type BulkJobRow,
  type JobStarter,
} from '../bulk-jobs/bulk-job-repository';
import { RUNNER_DEFAULTS, runChunk } from '../bulk-jobs/bulk-job-runner';
import { refuseSecondRun } from './preview-bill-run';
import { termsOf } from './run-bill';
import {
  billRunById,
  insertBillRun,
  JOB_STATUS,
  toBillRun,
  withCountsOfJob,
  type BillRunRow,
} from './bill-run-repository';

/**
 * Runs this small are done before the answer, in the request's transaction and through the
 * same job (ADR 0046): about 0.1 s of work; bigger ones answer PENDING and the runner takes them.
 */
export const INLINE_STUDENTS = 1_000;

/** Whether the run is a bill run's job (its row has the job's id), not a row inside a command. */
export const isJobRun = (run: BillRunRow) => run.bulkJobId === run.id;

/** A run's answer: a job's with its progress and the counts of every chunk committed. */
export async function billRunAnswer(db: Executor, run: BillRunRow): Promise<BillRun> {
  if (!isJobRun(run)) return toBillRun(run);
  const job = await bulkJobOfSchool(db, run.schoolId, run.id);
  const summed = await withCountsOfJob(db, run);
  return toBillRun({ ...summed, status: JOB_STATUS[job.status] }, progressOf(job));
}

const progressOf = (job: BulkJobRow): BillRun['progress'] => ({
  status: job.status,
  total: job.total,
  done: job.done,
  failed: job.failed,
  errors: job.errors,
  cancel_requested: job.cancelRequested,
});

/**
 * POST …/massive_concept_assignments/: a bill run as a job of the level's active students
 * (ADR 0046), its run row with the job's id. A small one (or `inline`: the seed) runs to its
 * end here; a bigger one is left PENDING, unleased, for the runner once this commits.
 */
export async function startBillRun(
  tx: Executor,
  input: CreateBillRun,
  by: JobStarter,
  { inline = false } = {},
): Promise<BillRun> {
  // Locked: a price change or deactivation waits for the run's creation, not its chunks.
  const { row: concept } = await conceptById(tx, input.concept_id, { lock: true });
  if (concept.schoolId !== input.school_id) throw notFound(UNKNOWN_CONCEPT);
  const { period } = termsOf(concept, input.period);
  await refuseSecondRun(tx, concept, period);
  const token = randomUUID();
  const job = await insertBillRunJob(tx, {
    schoolId: concept.schoolId,
    params: { concept_id: concept.id, ...(period ? { period } : {}) },
    ...starterColumns(by),
    leaseToken: token,
    leaseMs: RUNNER_DEFAULTS.leaseMs,
    level: concept.level,
  });
  const run = await insertBillRun(tx, {
    id: job.id,
    schoolId: concept.schoolId,
    conceptId: concept.id,
    period,
    bulkJobId: job.id,
  });
  if (!inline && job.total > INLINE_STUDENTS) {
    await saveBulkJob(tx, job.id, { leaseToken: null, leaseUntil: null });
    return billRunAnswer(tx, run);
  }
  while (await runChunk(tx, job.id, token, RUNNER_DEFAULTS));
  return billRunAnswer(tx, await billRunById(tx, run.id));
}
