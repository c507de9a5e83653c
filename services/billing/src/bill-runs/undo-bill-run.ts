import type { BillRun } from '@cuota/contracts/billing/bill-runs';
import { RUNNABLE_STATUSES } from '@cuota/contracts/billing/bulk-jobs';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { refreshBalances } from '../balances/balance-repository';
import { bulkJobOfSchool } from '../bulk-jobs/bulk-job-repository';
import { conceptById } from '../concepts/concept-repository';
import { invalidateFacets } from '../due-orders/due-facet-repository';
import { billRunAnswer, isJobRun } from './bill-run-job';
import {
  billRunById,
  billRunsOfJob,
  deleteUnpaidOrdersOfRun,
  saveBillRun,
  type BillRunRow,
} from './bill-run-repository';

const STILL_RUNNING =
  'Esta generación sigue en curso: espera a que termine o cancélala para deshacerla.';

/**
 * Undoes a run: its orders with nothing paid or on its way go, with one voided event per row.
 * A bill run's job (ADR 0046) is undone once it ended, every row its chunks billed into.
 */
export async function undoBillRun(tx: Executor, runId: string): Promise<BillRun> {
  const run = await billRunById(tx, runId, { lock: true });
  if (!isJobRun(run)) return billRunAnswer(tx, await undoRow(tx, run));
  const job = await bulkJobOfSchool(tx, run.schoolId, run.id, { lock: true });
  if ((RUNNABLE_STATUSES as readonly string[]).includes(job.status)) throw conflict(STILL_RUNNING);
  for (const row of await billRunsOfJob(tx, run.id)) await undoRow(tx, row);
  // Its month may be run again (ADR 0054), even if some paid orders stayed.
  await saveBillRun(tx, run.id, { undoneAt: new Date() });
  return billRunAnswer(tx, await billRunById(tx, run.id));
}

async function undoRow(tx: Executor, run: BillRunRow) {
  const { row: concept } = await conceptById(tx, run.conceptId);
  const { removed, kept } = await deleteUnpaidOrdersOfRun(tx, run, concept.conceptType);
  await refreshBalances(tx, run.schoolId, [...new Set(removed.map((r) => r.student_id))]);
  // Like the run itself, its undo may touch the whole school: Adeudos' filters build again.
  if (removed.length > 0) await invalidateFacets(tx, run.schoolId);
  return saveBillRun(tx, run.id, {
    removedOrders: run.removedOrders + removed.length,
    keptOrders: kept,
  });
}
