import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { jetstreamManager } from '@nats-io/jetstream';
import { runningAfterCommit } from '@cuota/service-runtime/db/after-commit';
import { createDatabase, runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { runOnce } from '@cuota/service-runtime/idempotency/run-once';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { waitFor } from '@cuota/testing/wait-for';
import { streamOf, subjectOf } from '../naming';
import { enqueueEvent } from './enqueue-event';
import { OutboxRelay } from './outbox-relay';
import { OUTBOX_CHANNEL } from './outbox-schema';

/**
 * A service's endpoint transactions (`call.once`: a plain transaction, or `runOnce` with an
 * Idempotency-Key) on a database made as createDatabase makes it, with every statement
 * logged: the NOTIFY that wakes the relay runs after the commit, never inside it, and the
 * relay (polling only every minute) still publishes the event at once.
 */
let testDb: TestDatabase, ns: TestNamespace, db: Database<Record<string, unknown>>;
let listener: pg.Client;
/** Every statement `db` ran, in order (the tests run one transaction at a time). */
const statements: string[] = [];
let heard = 0;

const student = (n: number): StudentSnapshot => ({
  student_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  school_id: 'school-1',
  first_name: `Alumno ${n}`,
  last_name: 'Prueba',
  level: 'elementary',
  section_id: null,
  status: 'active',
  billing_guardian_id: null,
});

const migrations = path.join(__dirname, '..', 'test-migrations');

beforeAll(async () => {
  [testDb, ns] = await Promise.all([
    createTestDatabase('wake_after_commit'),
    createTestNamespace(),
  ]);
  const pool = new pg.Pool({ connectionString: testDb.url });
  db = runningAfterCommit(
    drizzle(pool, {
      logger: { logQuery: (query) => statements.push(query.trim().toLowerCase()) },
    }) as Database<Record<string, unknown>>,
  );
  await runMigrations(db, migrations);
  // service-runtime's idempotency_keys, which a service's own migrations create.
  await db.$client.query(`CREATE TABLE idempotency_keys (
    caller text, endpoint text, key text, request_hash text NOT NULL, response jsonb,
    created_at timestamptz NOT NULL DEFAULT now(), expires_at timestamptz NOT NULL,
    PRIMARY KEY (caller, endpoint, key))`);
  listener = new pg.Client({ connectionString: testDb.url });
  await listener.connect();
  listener.on('notification', () => (heard += 1));
  await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
});

afterAll(async () => {
  await listener.end();
  await db.$client.end();
  await ns.dispose();
  await testDb.drop();
});

/** The statements of the transaction that ran `marker`, and what ran after its commit. */
function aroundCommit(marker: string): { inside: string[]; after: string[] } {
  const first = statements.findIndex((s) => s.includes(marker));
  const begin = statements.lastIndexOf('begin', first);
  const commit = statements.indexOf('commit', first);
  return { inside: statements.slice(begin, commit), after: statements.slice(commit + 1) };
}

test('an endpoint transaction wakes the relay after its commit, and the event leaves', async () => {
  const stream = streamOf(ns, 'STUDENTS');
  const jsm = await jetstreamManager(ns.nc);
  await jsm.streams.add({ name: stream, subjects: [subjectOf(ns, studentCreatedV1.type)] });
  const relay = new OutboxRelay({
    db,
    nc: ns.nc,
    ns,
    logger: createLogger('messaging-test', 'silent'),
    intervalMs: 60_000, // a poll cannot be what publishes it within the wait below
  });
  relay.start();
  try {
    // The relay listens beside this test's listener (its passes at start are over once the
    // first event is out).
    await waitFor(async () => (await db.$client.query(LISTENING)).rows[0].n === 2);
    await db.transaction((tx) => enqueueEvent(tx, studentCreatedV1, student(1)));
    await waitFor(async () => (await jsm.streams.info(stream)).state.messages === 1);

    statements.length = 0;
    const before = heard;
    const attempt = { caller: 'staff:1', endpoint: 'test', key: 'clave-0001', request: {} };
    await runOnce(db, attempt, (tx) => enqueueEvent(tx, studentCreatedV1, student(2)));
    await waitFor(async () => (await jsm.streams.info(stream)).state.messages === 2);

    const { inside, after } = aroundCommit('idempotency_keys');
    expect(inside.join('\n')).toContain('outbox_events');
    expect(inside.join('\n')).not.toContain('pg_notify');
    expect(after.filter((s) => s.includes('pg_notify'))).toHaveLength(1);
    await waitFor(() => heard > before);
    const last = await jsm.streams.getMessage(stream, {
      last_by_subj: subjectOf(ns, studentCreatedV1.type),
    });
    expect(last?.json<{ data: StudentSnapshot }>().data.student_id).toBe(student(2).student_id);
  } finally {
    await relay.stop();
  }
});

const LISTENING = `SELECT count(*)::int AS n FROM pg_stat_activity
  WHERE datname = current_database() AND query = 'LISTEN ${OUTBOX_CHANNEL}'`;

test('a rolled-back transaction wakes nobody and leaves no event', async () => {
  statements.length = 0;
  await expect(
    db.transaction(async (tx) => {
      await enqueueEvent(tx, studentCreatedV1, student(3));
      throw new Error('cambio de opinión');
    }),
  ).rejects.toThrow('cambio de opinión');
  expect(statements.filter((s) => s.includes('pg_notify'))).toEqual([]);
  const { rows } = await db.$client.query('SELECT count(*)::int AS n FROM outbox_events');
  expect(rows[0].n).toBe(2);
});

test('commits landing while a wake-up is in flight fold into one more after it', async () => {
  // One connection: the first commit's NOTIFY queues behind the 29 other transactions, which
  // all commit while it waits; so exactly one more follows it, for the last of them.
  const single = createDatabase(testDb.url, {}, 1);
  const before = heard;
  try {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        single.transaction((tx) => enqueueEvent(tx, studentCreatedV1, student(10 + i))),
      ),
    );
    await waitFor(() => heard > before);
    // NOTIFY has no "nothing more came" signal: listen a moment longer.
    await new Promise((r) => setTimeout(r, 500));
    expect(heard - before).toBe(2);
  } finally {
    await single.$client.end();
  }
});
