import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import type { LedgerAccountKind } from '../schema';

/** An account by its stable code; created the first time a posting names it. */
export interface AccountRef {
  code: string;
  name: string;
  kind: LedgerAccountKind;
  schoolId: string | null;
  /** A balance that must never cross zero (a student's credit): locked while posting. */
  mustNotGoNegative?: boolean;
}

/** One line of a ledger transaction: debit positive, credit negative, in centavos. */
export interface LedgerLine {
  account: AccountRef;
  amountCentavos: number;
}

/** What one business event posts: its caller's key makes a replay harmless. */
export interface Posting {
  idempotencyKey: string;
  schoolId: string | null;
  description: string;
  occurredAt?: Date;
  lines: LedgerLine[];
}

/** A posting the ledger refuses; the message is Spanish, for whoever sees it. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}

/** Refuses, before touching the database, what the deferred trigger would refuse at commit. */
export function assertBalanced(amounts: number[]): void {
  if (amounts.length < 2)
    throw new LedgerError('Una transacción contable necesita al menos dos asientos.');
  for (const amount of amounts)
    if (!Number.isSafeInteger(amount) || amount === 0)
      throw new LedgerError(
        'Cada asiento debe ser una cantidad entera de centavos distinta de cero.',
      );
  const debits = amounts.reduce((s, a) => s + Math.max(a, 0), 0);
  const credits = amounts.reduce((s, a) => s - Math.min(a, 0), 0);
  if (!Number.isSafeInteger(debits) || !Number.isSafeInteger(credits))
    throw new LedgerError('Los importes de la transacción contable son demasiado grandes.');
  if (debits !== credits)
    throw new LedgerError(
      `La transacción contable no cuadra: los cargos suman ${debits} centavos y los abonos ${credits}.`,
    );
}

/**
 * Lines in a fixed order with zero lines dropped and one line per account: a posting built
 * from optional parts (no late fee, no overpayment) stays valid and hashes the same however
 * its parts were listed.
 */
export function normalizeLines(lines: LedgerLine[]): LedgerLine[] {
  const byCode = new Map<string, LedgerLine>();
  for (const line of lines) {
    const seen = byCode.get(line.account.code);
    byCode.set(line.account.code, {
      account: line.account,
      amountCentavos: (seen?.amountCentavos ?? 0) + line.amountCentavos,
    });
  }
  return [...byCode.values()]
    .filter((l) => l.amountCentavos !== 0)
    .sort((a, b) => (a.account.code < b.account.code ? -1 : 1));
}

/**
 * The hash stored with the posting's key (the request hash of ADR 0019, over the normalized
 * lines as [code, centavos] pairs): the same key must always carry the same lines.
 */
export function payloadHash(lines: LedgerLine[]): string {
  return requestHash(lines.map((l) => [l.account.code, l.amountCentavos]));
}

/** An account's balance the way people read it: assets and expenses debit-normal. */
export function naturalBalance(kind: LedgerAccountKind, signedSum: number): number {
  return kind === 'asset' || kind === 'expense' ? signedSum : -signedSum;
}
