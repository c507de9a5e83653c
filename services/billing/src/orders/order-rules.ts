import type { LateFee } from '@cuota/contracts/billing/concepts';
import type { OrderPaymentStatus } from '@cuota/contracts/billing/inscription-payments';
import { addDays, addMonths } from './calendar';

/** What the rules need of an order: its copy of the concept's terms and what was paid. */
export interface OrderTerms {
  amountCentavos: number;
  dueOn: string;
  lateFee: LateFee | null;
  paidBaseCentavos: number;
  paidLateFeeCentavos: number;
  /** The day the base was paid in full: the late fee stops accruing then. */
  paidOn: string | null;
  waitingPayinId: string | null;
}

/** The last day without a late fee: the due date plus the grace days. */
export const graceEndsOn = (o: Pick<OrderTerms, 'dueOn' | 'lateFee'>) =>
  addDays(o.dueOn, o.lateFee?.grace_days ?? 0);

/** Months, or parts of one, from `start` to `asOf` (0 when `asOf` is not after `start`). */
function monthsStarted(start: string, asOf: string): number {
  if (asOf <= start) return 0;
  const monthIndex = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  // One month short of asOf's month is still before asOf: at most two steps from there.
  let months = Math.max(1, monthIndex(asOf) - monthIndex(start) - 1);
  while (addMonths(start, months) < asOf) months += 1;
  return months;
}

/**
 * The late fee accrued as of a Mexico City date (ADR 0016): nothing through the grace days;
 * then FIXED once, or PERCENT of the amount for every month or part of one, up to the cap.
 * A pure function of the order and the date, frozen on the day the base was paid in full.
 */
export function lateFeeAsOf(o: OrderTerms, asOf: string): number {
  const rule = o.lateFee;
  if (!rule) return 0;
  const until = o.paidOn !== null && o.paidOn < asOf ? o.paidOn : asOf;
  const months = monthsStarted(graceEndsOn(o), until);
  if (months === 0) return 0;
  if (rule.kind === 'FIXED') return rule.amount_centavos;
  const fee = Math.floor((o.amountCentavos * rule.basis_points) / 10_000) * months;
  return rule.cap_centavos === null ? fee : Math.min(fee, rule.cap_centavos);
}

export interface OrderAmounts {
  lateFeeCentavos: number;
  pendingBaseCentavos: number;
  lateFeeDueCentavos: number;
  /** amount + late fee − paid (spec §5 `pending_amount`). */
  pendingCentavos: number;
  /** amount + late fee (spec §5 `final_amount`). */
  finalCentavos: number;
  status: OrderPaymentStatus;
}

/** An order's amounts and status as of a date: the status always follows the amounts. */
export function amountsAsOf(o: OrderTerms, asOf: string): OrderAmounts {
  const lateFee = Math.max(lateFeeAsOf(o, asOf), o.paidLateFeeCentavos);
  const pendingBase = o.amountCentavos - o.paidBaseCentavos;
  const lateFeeDue = lateFee - o.paidLateFeeCentavos;
  const pending = pendingBase + lateFeeDue;
  return {
    lateFeeCentavos: lateFee,
    pendingBaseCentavos: pendingBase,
    lateFeeDueCentavos: lateFeeDue,
    pendingCentavos: pending,
    finalCentavos: o.amountCentavos + lateFee,
    status: statusOf(o, pending),
  };
}

function statusOf(o: OrderTerms, pending: number): OrderPaymentStatus {
  if (pending === 0) return 'PAID';
  if (o.waitingPayinId !== null) return 'WAITING_PAID';
  return o.paidBaseCentavos + o.paidLateFeeCentavos > 0 ? 'PARTIAL_PAID' : 'NOT_PAID';
}

export interface Allocation {
  baseCentavos: number;
  lateFeeCentavos: number;
}

/**
 * What a payment changes on an order. The base applied never exceeds what is pending (payments
 * caps its allocations the same way; a stray excess is not billing's to keep), the late fee
 * paid is never negative, and the day the base is complete freezes the late fee.
 */
export function applyAllocation(
  o: OrderTerms,
  a: Allocation,
  paidOn: string,
): Pick<OrderTerms, 'paidBaseCentavos' | 'paidLateFeeCentavos' | 'paidOn'> & Allocation {
  const base = Math.max(0, Math.min(a.baseCentavos, o.amountCentavos - o.paidBaseCentavos));
  const lateFee = Math.max(0, a.lateFeeCentavos);
  const paidBase = o.paidBaseCentavos + base;
  return {
    baseCentavos: base,
    lateFeeCentavos: lateFee,
    paidBaseCentavos: paidBase,
    paidLateFeeCentavos: o.paidLateFeeCentavos + lateFee,
    paidOn: o.paidOn ?? (paidBase === o.amountCentavos ? paidOn : null),
  };
}
