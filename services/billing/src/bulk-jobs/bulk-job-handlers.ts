import {
  cancelMassiveJob,
  createMassiveAssignment,
  createMassiveDisassignment,
  createMassiveScholarship,
  getMassiveJob,
  listMassiveJobs,
  retryMassiveJob,
} from '@cuota/contracts/billing/endpoints/bulk-jobs';
import type { BulkJob } from '@cuota/contracts/billing/bulk-jobs';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import { bulkJobOfSchool, bulkJobsOfSchool, toBulkJob } from './bulk-job-repository';
import { wakeRunnerOf } from './bulk-job-runner';
import { cancelBulkJob, createBulkJob, retryBulkJob } from './create-bulk-job';

export function bulkJobHandlers(db: BillingDb) {
  const woken = async (job: Promise<BulkJob>) => {
    const answer = await job;
    wakeRunnerOf(db);
    return answer;
  };
  const staffId = (caller: { kind: string; user_id?: string }) =>
    caller.kind === 'staff' ? (caller.user_id ?? null) : null;
  return [
    implement(createMassiveAssignment, ({ params, body, caller, once }) =>
      woken(once((tx) => createBulkJob(tx, params.id, 'assignment', body, staffId(caller)))),
    ),
    implement(createMassiveDisassignment, ({ params, body, caller, once }) =>
      woken(once((tx) => createBulkJob(tx, params.id, 'disassignment', body, staffId(caller)))),
    ),
    implement(createMassiveScholarship, ({ params, body, caller, once }) =>
      woken(once((tx) => createBulkJob(tx, params.id, 'scholarship', body, staffId(caller)))),
    ),
    implement(listMassiveJobs, ({ params }) => bulkJobsOfSchool(db, params.id)),
    implement(getMassiveJob, async ({ params }) =>
      toBulkJob(await bulkJobOfSchool(db, params.id, params.job)),
    ),
    implement(cancelMassiveJob, ({ params }) =>
      db.transaction((tx) => cancelBulkJob(tx, params.id, params.job)),
    ),
    implement(retryMassiveJob, ({ params }) =>
      woken(db.transaction((tx) => retryBulkJob(tx, params.id, params.job))),
    ),
  ];
}
