import type { BillRun } from '@cuota/contracts/billing/bill-runs';
import type { Executor } from '@cuota/messaging/transaction';
import { refreshBalances } from '../balances/balance-repository';
import { conceptById } from '../concepts/concept-repository';
import { invalidateFacets } from '../due-orders/due-facet-repository';
import {
  billRunById,
  deleteUnpaidOrdersOfRun,
  saveBillRun,
  toBillRun,
} from './bill-run-repository';

/** Undoes a run: its orders with nothing paid or on its way go, with one voided event. */
export async function undoBillRun(tx: Executor, runId: string): Promise<BillRun> {
  const run = await billRunById(tx, runId, { lock: true });
  const { row: concept } = await conceptById(tx, run.conceptId);
  const { removed, kept } = await deleteUnpaidOrdersOfRun(tx, run, concept.conceptType);
  await refreshBalances(tx, run.schoolId, [...new Set(removed.map((r) => r.student_id))]);
  // Like the run itself, its undo may touch the whole school: Adeudos' filters build again.
  if (removed.length > 0) await invalidateFacets(tx, run.schoolId);
  return toBillRun(
    await saveBillRun(tx, run.id, {
      removedOrders: run.removedOrders + removed.length,
      keptOrders: kept,
    }),
  );
}
