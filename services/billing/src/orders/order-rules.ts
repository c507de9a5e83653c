import type { EarlyPayment, LateFee } from '@cuota/contracts/billing/concepts';
import { addDays, addMonths } from './calendar';

/** What the rules need of an order: its copy of the concept's terms and what was paid. */
export interface OrderTerms {
  /** Base − scholarship − discounts + surcharges (ADR 0035); 0 once cancelled. */
  totalCentavos: number;
  dueOn: string;
  lateFee: LateFee | null;
  interestForgiven: boolean;
  earlyPayment: EarlyPayment | null;
  /** Part of the total settled, the early-payment discount that completed it included. */
  paidBaseCentavos: number;
  paidLateFeeCentavos: number;
  paidDiscountCentavos: number;
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
 * then FIXED once, or PERCENT of the total for every month or part of one, up to the cap
 * (ADR 0035: on what the family owes after scholarship and discounts). A pure function of the
 * order and the date, frozen on the day the base was paid in full; forgiven: none.
 */
export function lateFeeAsOf(o: OrderTerms, asOf: string): number {
  const rule = o.lateFee;
  if (!rule || o.interestForgiven || o.totalCentavos === 0) return 0;
  const until = o.paidOn !== null && o.paidOn < asOf ? o.paidOn : asOf;
  const months = monthsStarted(graceEndsOn(o), until);
  if (months === 0) return 0;
  if (rule.kind === 'FIXED') return rule.amount_centavos;
  const fee = Math.floor((o.totalCentavos * rule.basis_points) / 10_000) * months;
  return rule.cap_centavos === null ? fee : Math.min(fee, rule.cap_centavos);
}

export interface Allocation {
  baseCentavos: number;
  lateFeeCentavos: number;
  /** Of `baseCentavos`, what the early-payment discount covered (no money paid it). */
  discountCentavos: number;
}

export type PaidAmounts = Pick<
  OrderTerms,
  'paidBaseCentavos' | 'paidLateFeeCentavos' | 'paidDiscountCentavos' | 'paidOn'
>;

/** Only the order's paid amounts of a rule's result (its allocation fields name other things). */
export const paidAmountsOf = (p: PaidAmounts): PaidAmounts => ({
  paidBaseCentavos: p.paidBaseCentavos,
  paidLateFeeCentavos: p.paidLateFeeCentavos,
  paidDiscountCentavos: p.paidDiscountCentavos,
  paidOn: p.paidOn,
});

/**
 * What a payment changes on an order. The base applied never exceeds what is pending (payments
 * caps its allocations the same way; a stray excess is not billing's to keep), the late fee
 * paid is never negative, and the day the base is complete freezes the late fee.
 */
export function applyAllocation(
  o: OrderTerms,
  a: Allocation,
  paidOn: string,
): PaidAmounts & Allocation {
  const base = Math.max(0, Math.min(a.baseCentavos, o.totalCentavos - o.paidBaseCentavos));
  const discount = Math.max(0, Math.min(a.discountCentavos, base));
  const lateFee = Math.max(0, a.lateFeeCentavos);
  const paidBase = o.paidBaseCentavos + base;
  return {
    baseCentavos: base,
    lateFeeCentavos: lateFee,
    discountCentavos: discount,
    paidBaseCentavos: paidBase,
    paidLateFeeCentavos: o.paidLateFeeCentavos + lateFee,
    paidDiscountCentavos: o.paidDiscountCentavos + discount,
    paidOn: o.paidOn ?? (paidBase === o.totalCentavos ? paidOn : null),
  };
}

/**
 * What a payin reversal takes back from an order (ADR 0035): never more than the payin left on
 * it nor than the order has paid, the early-payment discount with the base it covered; the
 * order is open again (its late fee accrues again) once its base is no longer complete.
 */
export function reverseAllocation(
  o: OrderTerms,
  leftByPayin: Allocation,
  a: Allocation,
): PaidAmounts & Allocation {
  const cap = (asked: number, ...limits: number[]) => Math.max(0, Math.min(asked, ...limits));
  const base = cap(a.baseCentavos, leftByPayin.baseCentavos, o.paidBaseCentavos);
  const lateFee = cap(a.lateFeeCentavos, leftByPayin.lateFeeCentavos, o.paidLateFeeCentavos);
  const paidBase = o.paidBaseCentavos - base;
  // The discount stays within the base still paid (orders_paid_check).
  const discount = Math.max(
    cap(a.discountCentavos, leftByPayin.discountCentavos, base),
    o.paidDiscountCentavos - paidBase,
  );
  return {
    baseCentavos: base,
    lateFeeCentavos: lateFee,
    discountCentavos: discount,
    paidBaseCentavos: paidBase,
    paidLateFeeCentavos: o.paidLateFeeCentavos - lateFee,
    paidDiscountCentavos: o.paidDiscountCentavos - discount,
    paidOn: paidBase === o.totalCentavos ? o.paidOn : null,
  };
}
