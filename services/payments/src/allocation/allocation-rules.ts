import type { ConceptType } from '@cuota/contracts/billing/concepts';
import type { QuotedOrder } from '@cuota/contracts/billing/requests';

/** Money applied to one order: late fee first, then the base amount (ADR 0016). */
export interface OrderAllocation {
  orderId: string;
  studentId: string;
  conceptId: string;
  conceptName: string;
  conceptType: ConceptType;
  period: string | null;
  baseCentavos: number;
  lateFeeCentavos: number;
}

/** An open order as billing quoted it, with what is due on it now. */
export interface DueOrder extends Omit<OrderAllocation, 'baseCentavos' | 'lateFeeCentavos'> {
  dueOn: string;
  baseDue: number;
  lateFeeDue: number;
}

/** Payments' own allocations to one order (sums). */
export interface Applied {
  base: number;
  lateFee: number;
}
export const NOTHING_APPLIED: Applied = { base: 0, lateFee: 0 };

/**
 * What is still due on an order as payments knows it. Billing's quote lags payments' own
 * allocations (their events are in flight), so two caps apply: billing's pending amounts
 * minus what payments applied after the quote, and — when billing gives the order's whole
 * amounts — those minus everything payments ever applied to it. Never below zero.
 */
export function dueNow(order: QuotedOrder, all: Applied, sinceQuote: Applied): DueOrder {
  const cap = (pending: number, since: number, whole: number | undefined, applied: number) =>
    Math.max(0, Math.min(pending - since, whole === undefined ? Infinity : whole - applied));
  return {
    orderId: order.order_id,
    studentId: order.student_id,
    conceptId: order.concept_id,
    conceptName: order.concept_name,
    conceptType: order.concept_type,
    period: order.period,
    dueOn: order.due_on,
    baseDue: cap(order.pending_base_centavos, sinceQuote.base, order.amount_centavos, all.base),
    lateFeeDue: cap(
      order.late_fee_due_centavos,
      sinceQuote.lateFee,
      order.late_fee_centavos,
      all.lateFee,
    ),
  };
}

export const oldestDueFirst = (a: DueOrder, b: DueOrder) =>
  a.dueOn.localeCompare(b.dueOn) ||
  (a.period ?? '').localeCompare(b.period ?? '') ||
  a.orderId.localeCompare(b.orderId);

export interface Allocated {
  allocations: OrderAllocation[];
  /** What no order needed: the student's credit balance. */
  remainder: number;
}

/**
 * Spreads an amount over open orders, oldest due first (or in `sequence`), each order's late
 * fee before its base amount (a desk payment, a credit balance). Never allocates more than
 * an order owes.
 */
export function allocateOldestFirst(
  orders: DueOrder[],
  amountCentavos: number,
  sequence: (a: DueOrder, b: DueOrder) => number = oldestDueFirst,
): Allocated {
  if (!Number.isSafeInteger(amountCentavos) || amountCentavos < 0)
    throw new RangeError(`Importe inválido: ${amountCentavos}`);
  let left = amountCentavos;
  const allocations: OrderAllocation[] = [];
  for (const order of [...orders].sort(sequence)) {
    if (left === 0) break;
    const lateFeeCentavos = Math.min(left, order.lateFeeDue);
    left -= lateFeeCentavos;
    const baseCentavos = Math.min(left, order.baseDue);
    left -= baseCentavos;
    if (lateFeeCentavos + baseCentavos > 0)
      allocations.push({ ...allocationOf(order), baseCentavos, lateFeeCentavos });
  }
  return { allocations, remainder: left };
}

/**
 * A card payment pays exactly the items quoted at checkout; by the time it settles some may
 * owe less (paid at the desk meanwhile). Each item is cut to what is due now; what was cut
 * is an overpayment that becomes credit of the student whose order it was.
 */
export function capToDue(
  planned: OrderAllocation[],
  due: Map<string, DueOrder>,
): { allocations: OrderAllocation[]; excessByStudent: Map<string, number> } {
  const allocations: OrderAllocation[] = [];
  const excessByStudent = new Map<string, number>();
  for (const item of planned) {
    const now = due.get(item.orderId);
    const lateFeeCentavos = Math.min(item.lateFeeCentavos, now?.lateFeeDue ?? 0);
    const baseCentavos = Math.min(item.baseCentavos, now?.baseDue ?? 0);
    const cut = item.lateFeeCentavos - lateFeeCentavos + item.baseCentavos - baseCentavos;
    if (cut > 0)
      excessByStudent.set(item.studentId, (excessByStudent.get(item.studentId) ?? 0) + cut);
    if (lateFeeCentavos + baseCentavos > 0)
      allocations.push({ ...item, baseCentavos, lateFeeCentavos });
  }
  return { allocations, excessByStudent };
}

export const totalOf = (allocations: OrderAllocation[]) =>
  allocations.reduce((sum, a) => sum + a.baseCentavos + a.lateFeeCentavos, 0);

function allocationOf(order: DueOrder): Omit<OrderAllocation, 'baseCentavos' | 'lateFeeCentavos'> {
  const { dueOn: _d, baseDue: _b, lateFeeDue: _l, ...rest } = order;
  return rest;
}
