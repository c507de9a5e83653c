import type { BillRun, CreateBillRun } from '@cuota/contracts/billing/bill-runs';
import { ordersBilledV1 } from '@cuota/contracts/events/billing.orders.billed.v1';
import { ordersVoidedV1 } from '@cuota/contracts/events/billing.orders.voided.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { refreshBalances } from '../balances/balance-repository';
import { conceptById, UNKNOWN_CONCEPT, type ConceptRow } from '../concepts/concept-repository';
import { dueOnOf } from '../orders/calendar';
import {
  billEligibleStudents,
  billRunById,
  deleteUnpaidOrdersOfRun,
  insertBillRun,
  saveBillRun,
  toBillRun,
} from './bill-run-repository';

/** The period and due date a run bills, or the Spanish reason it cannot. */
function termsOf(concept: ConceptRow, period: string | undefined) {
  if (!concept.active)
    throw conflict('El concepto está desactivado: actívalo para generar órdenes.');
  if (concept.recurrence === 'MONTHLY') {
    if (!period || !concept.periods.includes(period))
      throw badRequest(`Elige uno de los meses del concepto: ${concept.periods.join(', ')}.`);
    return { period, dueOn: dueOnOf(period, concept.dueDay!) };
  }
  if (period) throw badRequest('Un concepto de pago único no lleva periodo.');
  return { period: null, dueOn: concept.dueOn! };
}

/**
 * A bill run (ADR 0016), all in the caller's transaction: the run's row, the orders of every
 * eligible student who lacks one, their balances, and one `billing.orders.billed` event.
 */
export async function runBill(tx: Executor, input: CreateBillRun): Promise<BillRun> {
  const { row: concept } = await conceptById(tx, input.concept_id, { lock: true });
  if (concept.schoolId !== input.school_id) throw notFound(UNKNOWN_CONCEPT);
  const { period, dueOn } = termsOf(concept, input.period);
  const run = await insertBillRun(tx, {
    schoolId: concept.schoolId,
    conceptId: concept.id,
    period,
  });
  const { eligible, created } = await billEligibleStudents(tx, {
    runId: run.id,
    schoolId: concept.schoolId,
    conceptId: concept.id,
    level: concept.level,
    period,
    dueOn,
    amountCentavos: concept.priceCentavos,
    lateFee: concept.lateFee,
  });
  const total = created * concept.priceCentavos;
  if (created > 0)
    await enqueueEvent(tx, ordersBilledV1, {
      school_id: concept.schoolId,
      batch_id: run.id,
      concept_id: concept.id,
      concept_type: concept.conceptType,
      period,
      orders: created,
      total_centavos: total,
    });
  return toBillRun(
    await saveBillRun(tx, run.id, {
      status: 'FINISHED',
      eligibleStudents: eligible,
      createdOrders: created,
      existingOrders: eligible - created,
      totalCentavos: total,
      finishedAt: new Date(),
    }),
  );
}

/** Undoes a run: its orders with nothing paid or on its way go, with one voided event. */
export async function undoBillRun(tx: Executor, runId: string): Promise<BillRun> {
  const run = await billRunById(tx, runId, { lock: true });
  const { row: concept } = await conceptById(tx, run.conceptId);
  const { removed, kept } = await deleteUnpaidOrdersOfRun(tx, run.id);
  await refreshBalances(tx, run.schoolId, [...new Set(removed.map((r) => r.student_id))]);
  if (removed.length > 0)
    await enqueueEvent(tx, ordersVoidedV1, {
      school_id: run.schoolId,
      batch_id: run.id,
      concept_id: run.conceptId,
      concept_type: concept.conceptType,
      period: run.period,
      orders: removed.length,
      total_centavos: removed.reduce((s, r) => s + r.amount_centavos, 0),
    });
  return toBillRun(
    await saveBillRun(tx, run.id, {
      removedOrders: run.removedOrders + removed.length,
      keptOrders: kept,
    }),
  );
}
