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
import { enqueueEvent, enqueueEvents } from './outbox/enqueue-event';
import { OutboxRelay } from './outbox/outbox-relay';
import { DurableConsumer, on } from './consumer/durable-consumer';
import { listParkedEvents, replayParkedEvent } from './consumer/dead-letters';
import { subjectOf } from './naming';

const logger = createLogger('messaging-test', 'silent');
const migrations = path.join(__dirname, 'test-migrations');

let producerDb: TestDatabase, consumerDb: TestDatabase, ns: TestNamespace;
let producer: Database<Record<string, unknown>>, consumer: Database<Record<string, unknown>>;
let relay: OutboxRelay;
const seen: { requestId: string | undefined; studentId: string }[] = [];
let failNext = 0;
const poisoned = new Set<string>();

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
    retryDelaysMs: [50, 100],
    maxDeliveries: 4,
    subscriptions: [
      on(studentCreatedV1, async (event, tx) => {
        if (poisoned.has(event.data.student_id)) throw new Error('poison: cannot apply this one');
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

const studentApplied = async (n: number) => {
  const { rows } = await consumer.$client.query(
    'SELECT count(*)::int AS n FROM applied WHERE student_id = $1',
    [student(n).student_id],
  );
  return rows[0].n as number;
};

test('a commit that enqueued events wakes a running relay at once, without its poll', async () => {
  const c = makeConsumer();
  await c.start();
  // Polling once a minute: only the commit's NOTIFY can deliver within the wait below.
  const listening = new OutboxRelay({ db: producer, nc: ns.nc, ns, logger, intervalMs: 60_000 });
  listening.start();
  await new Promise((r) => setTimeout(r, 300)); // its first pass and LISTEN
  await enqueue(9);
  await waitFor(async () => (await studentApplied(9)) === 1, 3_000);
  await listening.stop();
  await c.stop();
});

test('a poison event is parked after bounded retries, without holding back the next ones', async () => {
  const c = makeConsumer();
  await c.start();
  poisoned.add(student(10).student_id);
  await enqueue(10, 11, 12);
  await relay.drain();
  // The two after it are applied while the poison one is still being retried.
  await waitFor(async () => (await studentApplied(11)) + (await studentApplied(12)) === 2);
  const parked = await waitFor(async () => {
    const list = await listParkedEvents(ns.nc, ns, 'billing-students');
    return list.length === 1 ? list[0] : undefined;
  });
  expect(parked).toMatchObject({
    consumer: 'billing-students',
    subject: studentCreatedV1.type,
    deliveries: 4,
    error: expect.stringContaining('poison'),
  });
  expect(JSON.parse(parked.payload).data.student_id).toBe(student(10).student_id);
  expect(await studentApplied(10)).toBe(0);

  // The cause is fixed; the operator replays it: applied once, and the stream is empty.
  poisoned.clear();
  await replayParkedEvent(ns.nc, ns, parked.seq);
  await waitFor(async () => (await studentApplied(10)) === 1);
  expect(await listParkedEvents(ns.nc, ns)).toEqual([]);
  await c.stop();
});

test('a chunk enqueued in one INSERT reaches the consumer once per event, even republished', async () => {
  const c = makeConsumer();
  await c.start();
  const chunk = Array.from({ length: 250 }, (_, i) => student(100 + i));
  const events = await producer.transaction((tx) => enqueueEvents(tx, studentCreatedV1, chunk));
  expect(new Set(events.map((e) => e.id)).size).toBe(250);
  // One row per event, in the list's order, each its own envelope.
  const { rows } = await producer.$client.query(
    `SELECT id, payload FROM outbox_events WHERE id = ANY($1::uuid[]) ORDER BY seq`,
    [events.map((e) => e.id)],
  );
  expect(rows.map((r) => r.id)).toEqual(events.map((e) => e.id));
  expect(rows[7].payload).toEqual(events[7]);
  expect(await relay.drain()).toBe(250);
  // A relay that crashed before marking them publishes the whole chunk again.
  await producer.$client.query(
    'UPDATE outbox_events SET published_at = NULL WHERE id = ANY($1::uuid[])',
    [events.map((e) => e.id)],
  );
  expect(await relay.drain()).toBe(250);
  const appliedOnce = async () => {
    const { rows: counts } = await consumer.$client.query(
      `SELECT count(*)::int AS n, count(DISTINCT student_id)::int AS students FROM applied
        WHERE student_id = ANY($1::uuid[])`,
      [chunk.map((s) => s.student_id)],
    );
    return counts[0] as { n: number; students: number };
  };
  await waitFor(async () => (await appliedOnce()).students === 250);
  await new Promise((r) => setTimeout(r, 300));
  expect(await appliedOnce()).toEqual({ n: 250, students: 250 });
  await c.stop();
});
