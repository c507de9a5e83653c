import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { createDatabase, runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { defineEvent } from '@cuota/contracts/events/event-envelope';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { ensureStream } from '../streams';
import { streamOf } from '../naming';
import { enqueueEvents } from './enqueue-event';
import { OutboxRelay } from './outbox-relay';

const logger = createLogger('messaging-test', 'silent');
let testDb: TestDatabase, ns: TestNamespace, db: Database<Record<string, unknown>>;

beforeAll(async () => {
  [testDb, ns] = await Promise.all([createTestDatabase('outbox_relay'), createTestNamespace()]);
  db = createDatabase(testDb.url, {});
  await runMigrations(db, path.join(__dirname, '..', 'test-migrations'));
  await ensureStream(ns.nc, ns, 'ENROLMENT');
});
afterAll(async () => {
  await db.$client.end();
  await ns.dispose();
  await testDb.drop();
});

const student = (n: number) => ({
  student_id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
  school_id: 'school-relay',
  first_name: `Alumno ${n}`,
  last_name: 'Relevo',
  level: 'elementary' as const,
  section_id: null,
  status: 'active' as const,
  billing_guardian_id: null,
});
/** A domain no stream holds yet: JetStream refuses its publishes until `ensureStream`. */
const later = defineEvent('later.thing.happened', studentCreatedV1.data);

const enqueue = (definition: typeof studentCreatedV1, from: number, n: number) =>
  db.transaction((tx) =>
    enqueueEvents(
      tx,
      definition,
      Array.from({ length: n }, (_, i) => student(from + i)),
    ),
  );
const storedIn = async (stream: string) =>
  (await (await jetstreamManager(ns.nc)).streams.info(streamOf(ns, stream))).state.messages;

/** The most JetStream publishes `work` had waiting for their acks at one time. */
async function mostInFlight(nc: NatsConnection, work: () => Promise<unknown>): Promise<number> {
  const request = nc.request.bind(nc);
  let inFlight = 0;
  let most = 0;
  nc.request = async (...args) => {
    most = Math.max(most, (inFlight += 1));
    try {
      return await request(...args);
    } finally {
      inFlight -= 1;
    }
  };
  try {
    await work();
    return most;
  } finally {
    nc.request = request;
  }
}

test('a batch is sent at once and its acks awaited together, not one publish at a time', async () => {
  await enqueue(studentCreatedV1, 1, 20);
  const relay = new OutboxRelay({ db, nc: ns.nc, ns, logger });
  let drained = 0;
  const most = await mostInFlight(ns.nc, async () => (drained = await relay.drain()));
  expect(drained).toBe(20);
  expect(most).toBe(20);
  expect(await storedIn('ENROLMENT')).toBe(20);
});

test('a refused publish stops the batch there; it and the later ones go again, each stored once', async () => {
  const before = await storedIn('ENROLMENT');
  await enqueue(studentCreatedV1, 100, 2);
  await enqueue(later, 200, 1);
  await enqueue(studentCreatedV1, 300, 2);
  const relay = new OutboxRelay({ db, nc: ns.nc, ns, logger });

  expect(await relay.drain()).toBe(2); // the two before the refused one
  expect(await relay.backlog()).toMatchObject({ events: 3 });
  const { rows } = await db.$client.query<{ type: string; attempts: number }>(
    'SELECT type, attempts FROM outbox_events WHERE published_at IS NULL ORDER BY seq',
  );
  expect(rows).toEqual([
    { type: later.type, attempts: 1 },
    { type: studentCreatedV1.type, attempts: 0 },
    { type: studentCreatedV1.type, attempts: 0 },
  ]);

  await ensureStream(ns.nc, ns, 'LATER');
  expect(await relay.drain()).toBe(3);
  expect(await relay.backlog()).toMatchObject({ events: 0 });
  expect(await storedIn('LATER')).toBe(1);
  // The two after the refused one were stored on the first pass and sent again on the second.
  expect(await storedIn('ENROLMENT')).toBe(before + 4);
});
