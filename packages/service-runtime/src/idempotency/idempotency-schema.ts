import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per `Idempotency-Key` a caller sent to a create (ADR 0019): who, which endpoint,
 * the key, a hash of the request, and the answer it got, kept until `expires_at`. Every
 * service that honours the header includes it in its own schema (re-exported from its
 * schema.ts, so its migrations create it) and writes it in the create's own transaction.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.caller, t.endpoint, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
