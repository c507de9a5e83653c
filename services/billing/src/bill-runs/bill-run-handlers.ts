import {
  createBillRun,
  deleteBillRun,
  getBillRun,
  previewBillRun,
} from '@cuota/contracts/billing/endpoints/bill-runs';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import { starterOf } from '../bulk-jobs/bulk-job-handlers';
import { wakeRunnerOf } from '../bulk-jobs/bulk-job-runner';
import { billRunAnswer, startBillRun } from './bill-run-job';
import { undoBillRun } from './undo-bill-run';
import { previewBillRun as previewOf } from './preview-bill-run';
import { billRunById } from './bill-run-repository';

export function billRunHandlers(db: BillingDb) {
  return [
    implement(createBillRun, async ({ body, caller, once }) => {
      const run = await once((tx) => startBillRun(tx, body, starterOf(caller)));
      // A big run was left to the runner (ADR 0046): it starts now rather than at its poll.
      if (run.status === 'PENDING') wakeRunnerOf(db);
      return run;
    }),
    implement(getBillRun, async (call) => {
      const run = await billRunById(db, call.params.id);
      call.requireStaffOf(run.schoolId);
      return billRunAnswer(db, run);
    }),
    implement(previewBillRun, ({ params, query }) => previewOf(db, params.id, query)),
    implement(deleteBillRun, async (call) => {
      call.requireStaffOf((await billRunById(db, call.params.id)).schoolId);
      return db.transaction((tx) => undoBillRun(tx, call.params.id));
    }),
  ];
}
