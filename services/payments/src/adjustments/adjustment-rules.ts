/**
 * What an order's new total does to the books (ADR 0036), from what payments applied to its
 * base: the part of a reduction the order had already been paid above its new total is the
 * student's credit; the rest leaves the receivable. A surcharge adds to the receivable.
 */
export interface AdjustmentEffect {
  /** Revenue debited (a reduction) or credited (negative: a surcharge). */
  revenue: number;
  /** Receivable credited (a reduction) or debited (negative). */
  receivable: number;
  /** Becomes the student's credit balance. */
  credit: number;
}

export function adjustmentEffect(
  previousTotal: number,
  newTotal: number,
  paidBase: number,
): AdjustmentEffect {
  const overpaid = (total: number) => Math.max(0, paidBase - total);
  const credit = Math.max(0, overpaid(newTotal) - overpaid(previousTotal));
  const revenue = previousTotal - newTotal;
  return { revenue, receivable: revenue - credit, credit };
}
