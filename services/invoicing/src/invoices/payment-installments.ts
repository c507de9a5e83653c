/**
 * The next installment of a PPD invoice (Pagos 2.0's NumParcialidad and balances), from the
 * payments its earlier complements recorded. Pure; amounts in centavos.
 */
export interface Installment {
  installment: number;
  balanceBeforeCentavos: number;
  paidCentavos: number;
  balanceAfterCentavos: number;
}

/**
 * `paying` against an invoice of `totalCentavos` whose live complements recorded
 * `previousPaid`: the first installment starts from the total, each later one from what the
 * last left. A payment above what is owed records only the balance (the rest is not this
 * invoice's); nothing owed: no installment. `lastNumber` is the highest NumParcialidad a
 * live complement carries: after a refunded payment's complement is cancelled, the next
 * number follows the ones still standing and never repeats one (ADR 0037).
 */
export function nextInstallment(
  totalCentavos: number,
  previousPaid: readonly number[],
  paying: number,
  lastNumber = previousPaid.length,
): Installment | null {
  const balanceBefore = totalCentavos - previousPaid.reduce((sum, paid) => sum + paid, 0);
  const paid = Math.min(paying, balanceBefore);
  if (paid <= 0) return null;
  return {
    installment: lastNumber + 1,
    balanceBeforeCentavos: balanceBefore,
    paidCentavos: paid,
    balanceAfterCentavos: balanceBefore - paid,
  };
}
