import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import type { z } from 'zod';
import type { EventDefinition } from '@cuota/contracts/events/event-envelope';
import { subjectOf } from '@cuota/messaging/naming';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import { OutboxRelay } from '@cuota/messaging/outbox/outbox-relay';
import { createDatabase, runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { createTestDatabase } from './test-database';
import type { TestNamespace } from './test-namespace';

const outboxMigrations = path.resolve(__dirname, '../../messaging/src/test-migrations');

/**
 * Another service's side of the wire, as a test plays it: an outbox of its own on a throwaway
 * database and the outbox relay, so events reach NATS exactly as their owner publishes them.
 */
export interface TestProducer {
  /** The producer's database: enqueue several events in one transaction, then `relay.drain()`. */
  db: Database<Record<string, unknown>>;
  relay: OutboxRelay;
  /** Enqueues the event and relays it; returns its id. */
  publish<D extends EventDefinition>(definition: D, data: z.infer<D['data']>): Promise<string>;
  /** Publishes an event's exact payload again (a redelivery, under a new Nats-Msg-Id). */
  republish(eventId: string): Promise<void>;
  /** Closes the producer's database and drops it. */
  stop(): Promise<void>;
}

export async function startTestProducer(ns: TestNamespace, label: string): Promise<TestProducer> {
  const database = await createTestDatabase(label);
  const db: Database<Record<string, unknown>> = createDatabase(database.url, {});
  await runMigrations(db, outboxMigrations);
  const relay = new OutboxRelay({ db, nc: ns.nc, ns, logger: createLogger(label, 'silent') });
  return {
    db,
    relay,
    async publish(definition, data) {
      const event = await db.transaction((tx) => enqueueEvent(tx, definition, data));
      await relay.drain();
      return event.id;
    },
    async republish(eventId) {
      const { rows } = await db.$client.query(
        'SELECT type, payload FROM outbox_events WHERE id = $1',
        [eventId],
      );
      await jetstream(ns.nc).publish(subjectOf(ns, rows[0].type), JSON.stringify(rows[0].payload), {
        msgID: `redelivery-${randomUUID()}`,
      });
    },
    async stop() {
      await db.$client.end();
      await database.drop();
    },
  };
}
