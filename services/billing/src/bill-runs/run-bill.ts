import type { BillRun, CreateBillRun } from '@cuota/contracts/billing/bill-runs';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { conceptById, UNKNOWN_CONCEPT, type ConceptRow } from '../concepts/concept-repository';
import { dueOnOf } from '../orders/calendar';
import { invalidateFacets } from '../due-orders/due-facet-repository';
import { markNameOrderChanged } from '../due-orders/name-order-repository';
import { applyScholarshipsToRun } from '../scholarships/apply-scholarships';
import {
  billEligibleStudents,
  enqueueOrdersBilled,
  insertBillRun,
  saveBillRun,
  toBillRun,
  type BillRunRow,
} from './bill-run-repository';

/** The period and due date a run bills, or the Spanish reason it cannot. */
export function termsOf(concept: ConceptRow, period: string | undefined) {
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
 * eligible student who lacks one, their balances, their scholarships, and the
 * `billing.orders.billed` events announcing them (parts of at most 500 orders).
 */
export async function runBill(tx: Executor, input: CreateBillRun): Promise<BillRun> {
  const { row: concept } = await conceptById(tx, input.concept_id, { lock: true });
  if (concept.schoolId !== input.school_id) throw notFound(UNKNOWN_CONCEPT);
  return toBillRun(await billPeriod(tx, concept, termsOf(concept, input.period)));
}

/**
 * Whom a run bills besides the level's active students: one student for a subscription (ADR
 * 0035), a chunk of a massive assignment (ADR 0040), or the students who joined the level
 * after its run (auto-assign, ADR 0035) — always of those, never others.
 */
export type RunScope =
  | { subscription: { id: string; studentId: string } }
  | { bulkJobId: string; studentIds: string[] }
  | { lateJoiners: string[] };

/**
 * One period of a concept billed as a run: to the level's students, to one student for a
 * subscription, or to a massive assignment's chunk, with the same order rules every way.
 */
export async function billPeriod(
  tx: Executor,
  concept: ConceptRow,
  terms: { period: string | null; dueOn: string },
  scope?: RunScope,
): Promise<BillRunRow> {
  const { period, dueOn } = terms;
  const subscription = scope && 'subscription' in scope ? scope.subscription : undefined;
  const chunk = scope && 'bulkJobId' in scope ? scope : undefined;
  const lateJoiners = scope && 'lateJoiners' in scope ? scope.lateJoiners : undefined;
  const run = await insertBillRun(tx, {
    schoolId: concept.schoolId,
    conceptId: concept.id,
    period,
    subscriptionId: subscription?.id ?? null,
    bulkJobId: chunk?.bulkJobId ?? null,
  });
  const { eligible, created, entered } = await billEligibleStudents(tx, {
    runId: run.id,
    schoolId: concept.schoolId,
    conceptId: concept.id,
    level: concept.level,
    period,
    dueOn,
    amountCentavos: concept.priceCentavos,
    lateFee: concept.lateFee,
    earlyPayment: concept.earlyPayment,
    studentIds: subscription ? [subscription.studentId] : (chunk?.studentIds ?? lateJoiners),
  });
  // Students billed for the first time join Adeudos' list: it is numbered by name again.
  if (entered > 0) await markNameOrderChanged(tx, concept.schoolId);
  await applyScholarshipsToRun(tx, run.id);
  // After the scholarships: invoicing's PPD invoices charge what each order is as billed.
  if (created > 0) {
    await enqueueOrdersBilled(tx, run, concept);
    await invalidateFacets(tx, concept.schoolId);
  }
  return saveBillRun(tx, run.id, {
    status: 'FINISHED',
    eligibleStudents: eligible,
    createdOrders: created,
    existingOrders: eligible - created,
    totalCentavos: created * concept.priceCentavos,
    finishedAt: new Date(),
  });
}
