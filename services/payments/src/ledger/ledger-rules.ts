/** One line of a ledger transaction: debit positive, credit negative, in centavos. */
export interface LedgerEntryInput {
  accountId: string;
  amountCentavos: number;
}

export interface LedgerTransactionDetails {
  description?: string;
  occurredAt?: Date;
}

/** A posting the ledger refuses; the message is Spanish, for whoever sees it. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}

/** Refuses, before touching the database, what the deferred trigger would refuse at commit. */
export function assertBalanced(entries: LedgerEntryInput[]): void {
  if (entries.length < 2)
    throw new LedgerError('Una transacción contable necesita al menos dos asientos.');
  for (const { amountCentavos } of entries)
    if (!Number.isSafeInteger(amountCentavos) || amountCentavos === 0)
      throw new LedgerError(
        'Cada asiento debe ser una cantidad entera de centavos distinta de cero.',
      );
  const debits = entries.reduce((s, e) => s + Math.max(e.amountCentavos, 0), 0);
  const credits = entries.reduce((s, e) => s - Math.min(e.amountCentavos, 0), 0);
  if (!Number.isSafeInteger(debits) || !Number.isSafeInteger(credits))
    throw new LedgerError('Los importes de la transacción contable son demasiado grandes.');
  if (debits !== credits)
    throw new LedgerError(
      `La transacción contable no cuadra: los cargos suman ${debits} centavos y los abonos ${credits}.`,
    );
}
