import path from 'node:path';
import { sql } from 'drizzle-orm';
import { jetstream } from '@nats-io/jetstream';
import { createDatabase, runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { runWithRequestId } from '@cuota/service-runtime/request-context';
import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { waitFor } from '@cuota/testing/wait-for';
import { enqueueEvent } from './outbox/enqueue-event';
import { OutboxRelay } from './outbox/outbox-relay';
import { DurableConsumer, on } from './consumer/durable-consumer';
import { subjectOf } from './naming';

const logger = createLogger('messaging-test', 'silent');
const migrations = path.join(__dirname, 'test-migrations');

let producerDb: TestDatabase, consumerDb: TestDatabase, ns: TestNamespace;
let producer: Database<Record<string, unknown>>, consumer: Database<Record<string, unknown>>;
let relay: OutboxRelay;
const seen: { requestId: string | undefined; studentId: string }[] = [];
let failNext = 0;

function student(n: number): StudentSnapshot {
  return {
    student_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    school_id: 'school-1',
    first_name: `Alumno ${n}`,
    last_name: 'Prueba',
    level: 'elementary',
    section_id: null,
    status: 'active',
    billing_guardian_id: null,
  };
}

function makeConsumer() {
  return new DurableConsumer({
    name: 'billing-students',
    db: consumer,
    nc: ns.nc,
    ns,
    logger,
    retryDelayMs: 50,
    subscriptions: [
      on(studentCreatedV1, async (event, tx) => {
        if (failNext > 0) {
          failNext -= 1;
          throw new Error('simulated handler failure');
        }
        await tx.execute(sql`INSERT INTO applied (student_id) VALUES (${event.data.student_id})`);
        const { currentRequestId } = await import('@cuota/service-runtime/request-context');
        seen.push({ requestId: currentRequestId(), studentId: event.data.student_id });
      }),
    ],
  });
}

async function appliedCount(): Promise<number> {
  const { rows } = await consumer.$client.query('SELECT count(*)::int AS n FROM applied');
  return rows[0].n;
}

async function enqueue(...ns: number[]) {
  await producer.transaction(async (tx) => {
    for (const n of ns) await enqueueEvent(tx, studentCreatedV1, student(n));
  });
}

beforeAll(async () => {
  [producerDb, consumerDb, ns] = await Promise.all([
    createTestDatabase('producer'),
    createTestDatabase('consumer'),
    createTestNamespace(),
  ]);
  producer = createDatabase(producerDb.url, {});
  consumer = createDatabase(consumerDb.url, {});
  await runMigrations(producer, migrations);
  await runMigrations(consumer, migrations);
  await consumer.$client.query('CREATE TABLE applied (student_id uuid NOT NULL)');
  relay = new OutboxRelay({ db: producer, nc: ns.nc, ns, logger });
});

afterAll(async () => {
  await producer.$client.end();
  await consumer.$client.end();
  await ns.dispose();
  await Promise.all([producerDb.drop(), consumerDb.drop()]);
});

test('events enqueued while the consumer is down are each applied once after it restarts', async () => {
  const first = makeConsumer();
  await first.start();
  await enqueue(1);
  await relay.drain();
  await waitFor(async () => (await appliedCount()) === 1);
  await first.stop();

  await runWithRequestId('req-pile-up-123', () => enqueue(2, 3, 4, 5));
  expect(await relay.drain()).toBe(4);
  await new Promise((r) => setTimeout(r, 200));
  expect(await appliedCount()).toBe(1);

  const second = makeConsumer();
  await second.start();
  await waitFor(async () => (await appliedCount()) === 5);
  await new Promise((r) => setTimeout(r, 300));
  expect(await appliedCount()).toBe(5);
  expect(seen.filter((s) => s.requestId === 'req-pile-up-123')).toHaveLength(4);
  await second.stop();
});

test('the same event delivered twice changes nothing the second time', async () => {
  const c = makeConsumer();
  await c.start();
  const before = await appliedCount();
  await enqueue(6);
  await relay.drain();
  await waitFor(async () => (await appliedCount()) === before + 1);

  // Re-deliver the very same envelope under a new message id, as a replay would.
  const { rows } = await producer.$client.query(
    "SELECT payload FROM outbox_events WHERE payload->'data'->>'student_id' LIKE '%000000000006'",
  );
  const js = jetstream(ns.nc);
  const ack = await js.publish(
    subjectOf(ns, studentCreatedV1.type),
    JSON.stringify(rows[0].payload),
    {
      msgID: 'replay-of-6',
    },
  );
  expect(ack.duplicate).toBe(false);
  await new Promise((r) => setTimeout(r, 300));
  expect(await appliedCount()).toBe(before + 1);
  await c.stop();
});

test('a relay that republishes after a crash is deduplicated by JetStream', async () => {
  await enqueue(7);
  await relay.drain();
  await producer.$client.query('UPDATE outbox_events SET published_at = NULL');
  const republished = await relay.drain();
  expect(republished).toBeGreaterThan(0);
  const js = jetstream(ns.nc);
  const { rows } = await producer.$client.query(
    'SELECT id, payload FROM outbox_events ORDER BY seq DESC LIMIT 1',
  );
  const ack = await js.publish(
    subjectOf(ns, studentCreatedV1.type),
    JSON.stringify(rows[0].payload),
    {
      msgID: rows[0].id,
    },
  );
  expect(ack.duplicate).toBe(true);
});

test('a failing handler is retried and the event applied once it succeeds', async () => {
  const c = makeConsumer();
  await c.start();
  const appliedEight = async () => {
    const { rows } = await consumer.$client.query(
      "SELECT count(*)::int AS n FROM applied WHERE student_id = '00000000-0000-4000-8000-000000000008'",
    );
    return rows[0].n as number;
  };
  failNext = 2;
  await enqueue(8);
  await relay.drain();
  await waitFor(async () => (await appliedEight()) === 1);
  expect(failNext).toBe(0);
  await new Promise((r) => setTimeout(r, 300));
  expect(await appliedEight()).toBe(1);
  await c.stop();
});
