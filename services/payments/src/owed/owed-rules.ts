/** What a student owes the school for a refund (`owed:<student>`, ADR 0036), or pays of it. */
export interface OwedShare {
  studentId: string;
  centavos: number;
}

/**
 * Pays what refunds left owed before anything else (ADR 0036), student by student in the
 * order given — the one at the desk or holding the credit first — never more than each owes.
 */
export function collectOwed(
  owed: OwedShare[],
  amountCentavos: number,
): { collected: OwedShare[]; rest: number } {
  if (!Number.isSafeInteger(amountCentavos) || amountCentavos < 0)
    throw new RangeError(`Importe inválido: ${amountCentavos}`);
  let rest = amountCentavos;
  const collected: OwedShare[] = [];
  for (const { studentId, centavos } of owed) {
    const paid = Math.min(rest, Math.max(0, centavos));
    if (paid > 0) collected.push({ studentId, centavos: paid });
    rest -= paid;
  }
  return { collected, rest };
}

export const totalOwed = (shares: OwedShare[]) => shares.reduce((s, x) => s + x.centavos, 0);
