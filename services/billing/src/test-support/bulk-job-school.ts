import type { BulkJobKind } from '@cuota/contracts/billing/bulk-jobs';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import { waitFor } from '@cuota/testing/wait-for';
import { insertBulkJob } from '../bulk-jobs/bulk-job-repository';
import { RUNNER_DEFAULTS, runChunk, type RunnerOptions } from '../bulk-jobs/bulk-job-runner';
import {
  SCHOOL,
  staff,
  startBillingHarness,
  type BillingHarness,
  type Json,
} from './billing-harness';

/** The massive jobs' tests (bulk jobs, massive discounts): one setup, one way to drive a job. */

export const BASE = `/api/v1/dashboard/schools/${SCHOOL}`;
export const PRICE = 485_000;

export interface BulkJobSchool {
  h: BillingHarness;
  /** Colegiatura, elementary, $4,850.00 for September and October 2026, due the 10th. */
  conceptId: string;
}

/** A harness on 1 September 2026 with `students` enrolled (1, 2, … in order) and the concept. */
export async function startBulkJobSchool(
  ...students: Partial<StudentSnapshot>[]
): Promise<BulkJobSchool> {
  const h = await startBillingHarness({ now: () => new Date('2026-09-01T18:00:00Z') });
  await h.enrol(...students);
  const concept = await h.call(staff('OWNER'), '/api/v1/dashboard/concepts/', {
    json: {
      school_id: SCHOOL,
      name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: PRICE,
      level: 'elementary',
      periods: ['2026-09', '2026-10'],
      due_day: 10,
    },
  });
  return { h, conceptId: concept.body.id as string };
}

/** The job as the school reads it. */
export const jobOf = async (h: BillingHarness, id: string) =>
  (await h.call(staff('TREASURER'), `${BASE}/massive_jobs/${id}/`)).body;

/** The job once it reached a final status. */
export const finishedJob = (h: BillingHarness, id: string) =>
  waitFor(async () => {
    const j = await jobOf(h, id);
    return ['PENDING', 'STARTED', 'RETRYING'].includes(j.status) ? null : j;
  });

/** A job inserted as held by `token`, as if a runner had just claimed it (none else may). */
export const heldJob = (
  h: BillingHarness,
  token: string,
  job: { kind: BulkJobKind; params: Json; studentIds: string[]; createdBy: string | null },
) =>
  insertBulkJob(h.service.db, {
    schoolId: SCHOOL,
    ...job,
    leaseToken: token,
    leaseUntil: new Date(Date.now() + 3_600_000),
  });

/** One chunk run by the runner that holds `token`; answers whether more is left. */
export const chunkOf = (
  h: BillingHarness,
  id: string,
  token: string,
  o: RunnerOptions = RUNNER_DEFAULTS,
) => h.service.db.transaction((tx) => runChunk(tx, id, token, o));
