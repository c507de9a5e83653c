import type { OrderPaymentStatus } from '@cuota/contracts/billing/inscription-payments';
import { lateFeeAsOf, type OrderTerms } from './order-rules';

/**
 * What one order owes as of a Mexico City date: the one function every screen and the quote
 * payments charges from read (ADR 0035). Money paid is `paidBase − paidDiscount + paidLateFee`.
 */
export interface OrderQuote {
  totalCentavos: number;
  /** Accrued as of the date, never below what was paid of it. */
  lateFeeCentavos: number;
  /** Early-payment discount a payment in full on the date would take (BRILLAMONT). */
  earlyPaymentDiscountCentavos: number;
  pendingBaseCentavos: number;
  lateFeeDueCentavos: number;
  /** pendingBase − early-payment discount + late fee due: what is left to pay. */
  pendingCentavos: number;
  /** total + late fee − every discount taken or on offer (spec §5 `final_amount`). */
  finalCentavos: number;
  paidCentavos: number;
  status: OrderPaymentStatus;
}

/** `2026-09-05` is within the tier of day 5 of September 2026 (the order's due month). */
function earlyPaymentBasisPoints(o: OrderTerms, asOf: string): number {
  const month = o.dueOn.slice(0, 7);
  const open = (o.earlyPayment?.tiers ?? []).filter(
    (t) => asOf <= `${month}-${String(t.day).padStart(2, '0')}`,
  );
  return Math.max(0, ...open.map((t) => t.basis_points));
}

/** Nothing once the base is complete (it was taken then) or on a day with a late fee. */
function earlyPaymentDiscount(o: OrderTerms, asOf: string, pendingBase: number): number {
  if (o.paidOn !== null || pendingBase === 0 || lateFeeAsOf(o, asOf) > 0) return 0;
  const discount = Math.round((o.totalCentavos * earlyPaymentBasisPoints(o, asOf)) / 10_000);
  return Math.min(discount, pendingBase);
}

export function quoteOrder(o: OrderTerms, asOf: string): OrderQuote {
  const lateFee = Math.max(lateFeeAsOf(o, asOf), o.paidLateFeeCentavos);
  const pendingBase = Math.max(0, o.totalCentavos - o.paidBaseCentavos);
  const early = earlyPaymentDiscount(o, asOf, pendingBase);
  const lateFeeDue = lateFee - o.paidLateFeeCentavos;
  const pending = pendingBase - early + lateFeeDue;
  const paid = o.paidBaseCentavos - o.paidDiscountCentavos + o.paidLateFeeCentavos;
  return {
    totalCentavos: o.totalCentavos,
    lateFeeCentavos: lateFee,
    earlyPaymentDiscountCentavos: early,
    pendingBaseCentavos: pendingBase,
    lateFeeDueCentavos: lateFeeDue,
    pendingCentavos: pending,
    finalCentavos: pending + paid,
    paidCentavos: paid,
    status: statusOf(o, pending),
  };
}

function statusOf(o: OrderTerms, pending: number): OrderPaymentStatus {
  if (pending === 0) return 'PAID';
  if (o.waitingPayinId !== null) return 'WAITING_PAID';
  return o.paidBaseCentavos + o.paidLateFeeCentavos > 0 ? 'PARTIAL_PAID' : 'NOT_PAID';
}

/** A student's (or family's) orders summed: the one number every screen shows. */
export function owedBy(quotes: OrderQuote[]) {
  return quotes.reduce(
    (sum, q) => ({
      pendingCentavos: sum.pendingCentavos + q.pendingCentavos,
      lateFeeDueCentavos: sum.lateFeeDueCentavos + q.lateFeeDueCentavos,
    }),
    { pendingCentavos: 0, lateFeeDueCentavos: 0 },
  );
}
