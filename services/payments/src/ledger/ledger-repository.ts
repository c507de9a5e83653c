import { sql } from 'drizzle-orm';
import type { LedgerBalanceCheck } from '@cuota/contracts/payments/responses';
import type { Executor } from '@cuota/messaging/transaction';
import { ledgerEntries, ledgerTransactions } from '../schema';
import {
  assertBalanced,
  type LedgerEntryInput,
  type LedgerTransactionDetails,
} from './ledger-rules';

/** The only code that reads or writes the ledger's tables. */

/**
 * Re-checks the whole ledger in SQL, independently of the code that wrote it: every
 * transaction has entries and they sum to zero. For operators and monitoring.
 */
export async function checkLedgerBalance(db: Executor): Promise<LedgerBalanceCheck> {
  const { rows } = await db.execute<{ transactions: number; unbalanced: number }>(sql`
    SELECT count(*)::int AS transactions,
           count(*) FILTER (WHERE total <> 0 OR entries < 2)::int AS unbalanced
      FROM (SELECT t.id,
                   coalesce(sum(e.amount_centavos), 0) AS total,
                   count(e.id) AS entries
              FROM ledger_transactions t
              LEFT JOIN ledger_entries e ON e.transaction_id = t.id
             GROUP BY t.id) AS per_transaction`);
  const { transactions, unbalanced } = rows[0]!;
  return { balanced: unbalanced === 0, transactions };
}

/**
 * Posts a balanced transaction inside the caller's database transaction, so it commits
 * with the business change it records (and its outbox event). Returns its id.
 */
export async function postLedgerTransaction(
  tx: Executor,
  entries: LedgerEntryInput[],
  details: LedgerTransactionDetails = {},
): Promise<string> {
  assertBalanced(entries);
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({ description: details.description ?? null, occurredAt: details.occurredAt })
    .returning({ id: ledgerTransactions.id });
  const transactionId = created!.id;
  await tx.insert(ledgerEntries).values(entries.map((e) => ({ transactionId, ...e })));
  return transactionId;
}
