import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL NOTIFY channel on which a commit that enqueued events wakes the relay. */
export const OUTBOX_CHANNEL = 'cuota_outbox';

/**
 * Tables every service that publishes or consumes events includes in its own schema
 * (re-exported from its data-access/schema.ts, so its migrations create them).
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_events_unpublished_idx')
      .on(t.seq)
      .where(sql`published_at IS NULL`),
  ],
);

/** Processed event ids per consumer: a redelivered event is recognised and skipped. */
export const inboxEvents = pgTable(
  'inbox_events',
  {
    consumer: text('consumer').notNull(),
    eventId: uuid('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
);
