import type { OrderAllocation } from '../allocation/allocation-rules';

/** What a reversal takes back: credit of the payin's student, then money off orders. */
export interface TakenBack {
  /** Off the student's credit balance. */
  creditCentavos: number;
  /** The payin's credit that was already spent: the family owes it now. */
  owedCentavos: number;
  /** What each order loses (positive amounts). */
  allocations: OrderAllocation[];
}

/** A payin's credit not yet taken back (`untaken`), and how much of it the balance still holds. */
export interface PayinCredit {
  left: number;
  untaken: number;
}

/**
 * How `amount` of a payin is taken back (ADR 0036): its credit first (what no order holds,
 * up to what the balance still holds), then its allocations newest first, each order's base
 * before its late fee — the reverse of how it was paid; last, the payin's credit that was
 * spent on other orders, which the family then owes (the money already left at the gateway).
 * `held` is what the payin still holds on each order, in the order it was paid. Throws when
 * the payin does not hold `amount`.
 */
export function takeBack(held: OrderAllocation[], credit: PayinCredit, amount: number): TakenBack {
  const creditCentavos = Math.min(credit.left, amount);
  let left = amount - creditCentavos;
  const allocations: OrderAllocation[] = [];
  for (const a of [...held].reverse()) {
    if (left === 0) break;
    const base = Math.min(a.baseCentavos, left);
    const lateFee = Math.min(a.lateFeeCentavos, left - base);
    left -= base + lateFee;
    if (base + lateFee > 0)
      allocations.push({ ...a, baseCentavos: base, lateFeeCentavos: lateFee });
  }
  const owedCentavos = Math.min(credit.untaken - credit.left, left);
  if (left > owedCentavos)
    throw new RangeError(`El pago no tiene ${amount} centavos que devolver.`);
  return { creditCentavos, owedCentavos, allocations };
}

/**
 * What a payin still holds on each order: its allocations less what earlier reversals took
 * (negative rows), orders it no longer holds dropped, in the order it paid them.
 */
export function stillHeld(paid: OrderAllocation[], reversed: OrderAllocation[]): OrderAllocation[] {
  return paid
    .map((a) => {
      const undone = reversed.filter((r) => r.orderId === a.orderId);
      return {
        ...a,
        baseCentavos: a.baseCentavos + undone.reduce((s, r) => s + r.baseCentavos, 0),
        lateFeeCentavos: a.lateFeeCentavos + undone.reduce((s, r) => s + r.lateFeeCentavos, 0),
      };
    })
    .filter((a) => a.baseCentavos + a.lateFeeCentavos > 0);
}
