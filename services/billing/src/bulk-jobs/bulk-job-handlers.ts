import {
  cancelMassiveJob,
  createMassiveAssignment,
  createMassiveDisassignment,
  createMassiveScholarship,
  createMassiveSpecialDiscount,
  getMassiveJob,
  listMassiveJobs,
  retryMassiveJob,
} from '@cuota/contracts/billing/endpoints/bulk-jobs';
import { grants } from '@cuota/contracts/access/permissions';
import { BULK_JOB_GRANTS, type BulkJob } from '@cuota/contracts/billing/bulk-jobs';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import {
  bulkJobOfSchool,
  bulkJobsOfSchool,
  toBulkJob,
  type JobStarter,
} from './bulk-job-repository';
import { wakeRunnerOf } from './bulk-job-runner';
import { cancelBulkJob, createBulkJob, retryBulkJob, type MayDrive } from './create-bulk-job';

/** Who asked for a job: a staff member, with their name (a service's call has none). */
export const starterOf = (caller: { kind: string; user_id?: string; name?: string }): JobStarter =>
  caller.kind === 'staff' && caller.user_id
    ? { id: caller.user_id, name: caller.name ?? null }
    : null;

/** A staff caller holding, in the school, the grant that starts the kind (BULK_JOB_GRANTS). */
const mayDrive =
  (caller: IdentityClaims, schoolId: string): MayDrive =>
  (kind) =>
    caller.kind === 'staff' &&
    caller.memberships.some((m) => m.school_id === schoolId && grants(m, BULK_JOB_GRANTS[kind]));

export function bulkJobHandlers(db: BillingDb) {
  const woken = async (job: Promise<BulkJob>) => {
    const answer = await job;
    wakeRunnerOf(db);
    return answer;
  };
  return [
    implement(createMassiveAssignment, ({ params, body, caller, once }) =>
      woken(once((tx) => createBulkJob(tx, params.id, 'assignment', body, starterOf(caller)))),
    ),
    implement(createMassiveDisassignment, ({ params, body, caller, once }) =>
      woken(once((tx) => createBulkJob(tx, params.id, 'disassignment', body, starterOf(caller)))),
    ),
    implement(createMassiveScholarship, ({ params, body, caller, once }) =>
      woken(once((tx) => createBulkJob(tx, params.id, 'scholarship', body, starterOf(caller)))),
    ),
    implement(createMassiveSpecialDiscount, ({ params, body, caller, once }) =>
      woken(once((tx) => createBulkJob(tx, params.id, 'discount', body, starterOf(caller)))),
    ),
    implement(listMassiveJobs, ({ params, query }) => bulkJobsOfSchool(db, params.id, query)),
    implement(getMassiveJob, async ({ params }) =>
      toBulkJob(await bulkJobOfSchool(db, params.id, params.job)),
    ),
    implement(cancelMassiveJob, ({ params, caller }) =>
      db.transaction((tx) => cancelBulkJob(tx, params.id, params.job, mayDrive(caller, params.id))),
    ),
    implement(retryMassiveJob, ({ params, caller }) =>
      woken(
        db.transaction((tx) =>
          retryBulkJob(tx, params.id, params.job, mayDrive(caller, params.id)),
        ),
      ),
    ),
  ];
}
