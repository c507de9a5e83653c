import type { Executor } from '@cuota/messaging/transaction';
import { formatPeriod } from '@cuota/documents/date-format';
import { invalidField, conflict } from '@cuota/service-runtime/http/http-error';
import type { ConceptRow } from '../concepts/concept-repository';
import { dueOnOf } from '../orders/calendar';
import { invalidateFacets } from '../due-orders/due-facet-repository';
import { markNameOrderChanged } from '../due-orders/name-order-repository';
import { applyScholarshipsToRun } from '../scholarships/apply-scholarships';
import {
  billEligibleStudents,
  enqueueOrdersBilled,
  billRunById,
  insertBillRun,
  saveBillRun,
  type BillRunRow,
} from './bill-run-repository';

/** The period and due date a run bills, or the Spanish reason it cannot. */
export function termsOf(concept: ConceptRow, period: string | undefined): BillTerms {
  if (!concept.active)
    throw conflict('El concepto está desactivado: actívalo para generar órdenes.');
  if (concept.recurrence === 'MONTHLY') {
    if (!period || !concept.periods.includes(period))
      throw invalidField(
        'period',
        `Elige uno de los meses del concepto: ${concept.periods.map(formatPeriod).join(', ')}.`,
      );
    return { period, dueOn: dueOnOf(period, concept.dueDay!) };
  }
  if (period) throw invalidField('period', 'Un concepto de pago único no lleva periodo.');
  return { period: null, dueOn: concept.dueOn! };
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
  terms: BillTerms,
  scope?: RunScope,
): Promise<BillRunRow> {
  const subscription = scope && 'subscription' in scope ? scope.subscription : undefined;
  const chunk = scope && 'bulkJobId' in scope ? scope : undefined;
  const lateJoiners = scope && 'lateJoiners' in scope ? scope.lateJoiners : undefined;
  const run = await insertBillRun(tx, {
    schoolId: concept.schoolId,
    conceptId: concept.id,
    period: terms.period,
    subscriptionId: subscription?.id ?? null,
    bulkJobId: chunk?.bulkJobId ?? null,
  });
  const studentIds = subscription ? [subscription.studentId] : (chunk?.studentIds ?? lateJoiners);
  return billIntoRun(tx, run, concept, terms, studentIds);
}

export interface BillTerms {
  period: string | null;
  dueOn: string;
}

/**
 * Bills into an existing run row (ADR 0016): the orders of every eligible student (of
 * `studentIds`, if given) who lacks one, their balances, their scholarships, and the
 * `billing.orders.billed` events announcing them (parts of at most 500 orders). The run's
 * counts grow by what this call billed, so a bill run's job adds its chunks up (ADR 0046).
 */
export async function billIntoRun(
  tx: Executor,
  run: BillRunRow,
  concept: ConceptRow,
  { period, dueOn }: BillTerms,
  studentIds?: string[],
): Promise<BillRunRow> {
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
    studentIds,
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
    eligibleStudents: run.eligibleStudents + eligible,
    createdOrders: run.createdOrders + created,
    existingOrders: run.existingOrders + eligible - created,
    totalCentavos: run.totalCentavos + created * concept.priceCentavos,
    finishedAt: new Date(),
  });
}

/**
 * A chunk of a bill run's job (ADR 0046): into the run's own row while it has no orders (so a
 * run of one chunk is one row and one batch, as before), else into a row of the job's own:
 * each row's scholarships and `billing.orders.billed` parts are then only its chunk's.
 * Answers how many of the chunk's students were eligible.
 */
export async function billChunkOfRun(
  tx: Executor,
  runId: string,
  concept: ConceptRow,
  terms: BillTerms,
  studentIds: string[],
): Promise<number> {
  const run = await billRunById(tx, runId);
  const into =
    run.createdOrders === 0
      ? run
      : await insertBillRun(tx, {
          schoolId: run.schoolId,
          conceptId: run.conceptId,
          period: run.period,
          bulkJobId: runId,
        });
  const after = await billIntoRun(tx, into, concept, terms, studentIds);
  return after.eligibleStudents - into.eligibleStudents;
}
