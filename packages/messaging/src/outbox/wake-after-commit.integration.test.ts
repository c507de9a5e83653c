import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createDatabase, runMigrations, type Database } from '@cuota/service-runtime/db/database';
import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { waitFor } from '@cuota/testing/wait-for';
import { enqueueEvent } from './enqueue-event';
import { OUTBOX_CHANNEL } from './outbox-schema';
import { transactionWakingRelay } from './wake-after-commit';

let testDb: TestDatabase, db: Database<Record<string, unknown>>, listener: pg.Client;
/** The backend that sent each notification. */
const heard: number[] = [];

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

/** Notifications that arrive in a moment: NOTIFY has no "nothing came" signal. */
async function heardWithin(ms: number): Promise<number[]> {
  const before = heard.length;
  await new Promise((r) => setTimeout(r, ms));
  return heard.slice(before);
}

async function eventCount(): Promise<number> {
  const { rows } = await db.$client.query('SELECT count(*)::int AS n FROM outbox_events');
  return rows[0].n;
}

beforeAll(async () => {
  testDb = await createTestDatabase('wake_after_commit');
  db = createDatabase(testDb.url, {});
  await runMigrations(db, path.join(__dirname, '..', 'test-migrations'));
  listener = new pg.Client({ connectionString: testDb.url });
  await listener.connect();
  listener.on('notification', (n) => heard.push(n.processId));
  await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
});

afterAll(async () => {
  await listener.end();
  await db.$client.end();
  await testDb.drop();
});

test('a commit that enqueued events wakes the relay once, after it', async () => {
  const before = heard.length;
  await transactionWakingRelay(db, (tx) => enqueueEvent(tx, studentCreatedV1, student(1)));
  // The wake-up is sent after the commit, on its own: wait for it, then for nothing more.
  await waitFor(() => heard.length > before);
  await heardWithin(300);
  expect(heard.length - before).toBe(1);
  expect(await eventCount()).toBe(1);
  // A plain transaction still notifies at its own commit, from its own connection.
  const plainBy = await db.transaction(async (tx) => {
    await enqueueEvent(tx, studentCreatedV1, student(2));
    return (await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;
  });
  await waitFor(() => heard.length > before + 1);
  await heardWithin(300);
  expect(heard.slice(before + 1)).toEqual([plainBy]);
});

test('a rolled-back transaction wakes nobody and leaves no event', async () => {
  await expect(
    transactionWakingRelay(db, async (tx) => {
      await enqueueEvent(tx, studentCreatedV1, student(3));
      throw new Error('cambio de opinión');
    }),
  ).rejects.toThrow('cambio de opinión');
  expect(await heardWithin(300)).toHaveLength(0);
  expect(await eventCount()).toBe(2);
});

test('commits landing while a wake-up is in flight fold into one more after it', async () => {
  // One connection: the first commit's NOTIFY queues behind the 29 other transactions, which
  // all commit while it waits; so exactly one more follows it, for the last of them.
  const single = createDatabase(testDb.url, {}, 1);
  const before = heard.length;
  try {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        transactionWakingRelay(single, (tx) => enqueueEvent(tx, studentCreatedV1, student(10 + i))),
      ),
    );
    await waitFor(async () => heard.length > before);
    await heardWithin(500);
    expect(heard.length - before).toBe(2);
  } finally {
    await single.$client.end();
  }
});
