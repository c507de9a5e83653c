import {
  createBillRun,
  deleteBillRun,
  getBillRun,
} from '@cuota/contracts/billing/endpoints/bill-runs';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingDb } from '../billing-db';
import { runBill } from './run-bill';
import { undoBillRun } from './undo-bill-run';
import { billRunById, toBillRun } from './bill-run-repository';

export function billRunHandlers(db: BillingDb) {
  return [
    implement(createBillRun, ({ body, once }) => once((tx) => runBill(tx, body))),
    implement(getBillRun, async (call) => {
      const run = await billRunById(db, call.params.id);
      call.requireStaffOf(run.schoolId);
      return toBillRun(run);
    }),
    implement(deleteBillRun, async (call) => {
      call.requireStaffOf((await billRunById(db, call.params.id)).schoolId);
      return db.transaction((tx) => undoBillRun(tx, call.params.id));
    }),
  ];
}
