import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export { outboxEvents, inboxEvents } from '@cuota/messaging/outbox/outbox-schema';

export const LEDGER_ACCOUNT_KINDS = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** The chart of accounts (per school and the platform's own), in MXN. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key the code looks accounts up by, e.g. `school:<id>:receivable`. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'ledger_accounts_kind_check',
      sql.raw(`${t.kind.name} IN (${LEDGER_ACCOUNT_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
  ],
);

/** One business event (a payin, an allocation, a payout) whose entries sum to zero. */
export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  description: text('description'),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Signed centavos: a debit is positive, a credit negative, so "debits = credits" is
 * "the transaction's entries sum to zero" (checked at commit by a deferred trigger,
 * migration 0001). Entries are append-only: corrections are new transactions.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCentavos: bigint('amount_centavos', { mode: 'number' }).notNull(),
  },
  (t) => [
    check('ledger_entries_amount_nonzero', sql`${t.amountCentavos} <> 0`),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
  ],
);
