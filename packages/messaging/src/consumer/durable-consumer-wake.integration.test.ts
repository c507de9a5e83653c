import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { runningAfterCommit } from '@cuota/service-runtime/db/after-commit';
import { runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentDeletedV1 } from '@cuota/contracts/events/enrolment.student.deleted.v1';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import { enqueueEvent } from '../outbox/enqueue-event';
import { OUTBOX_CHANNEL } from '../outbox/outbox-schema';
import { DurableConsumer, on } from './durable-consumer';

/**
 * A consumer whose handler writes an event of its own (billing answering enrolment's events
 * does): its commit must not take PostgreSQL's NOTIFY lock (ADRs 0055, 0080), yet the relay must
 * still hear of the event at once.
 */
let testDb: TestDatabase, ns: TestNamespace, db: Database<Record<string, unknown>>;
let listener: pg.Client;
/** Every statement the consumer's database ran, in order (one event is handled at a time). */
const statements: string[] = [];
let heard = 0;

const student: StudentSnapshot = {
  student_id: '00000000-0000-4000-8000-000000000001',
  school_id: 'school-1',
  first_name: 'Alumno',
  last_name: 'Prueba',
  level: 'elementary',
  section_id: null,
  status: 'active',
  billing_guardian_id: null,
};

beforeAll(async () => {
  [testDb, ns] = await Promise.all([createTestDatabase('consumer_wake'), createTestNamespace()]);
  const pool = new pg.Pool({ connectionString: testDb.url });
  // As createDatabase makes it, with every statement logged.
  db = runningAfterCommit(
    drizzle(pool, {
      logger: { logQuery: (query) => statements.push(query.trim().toLowerCase()) },
    }) as Database<Record<string, unknown>>,
  );
  await runMigrations(db, path.join(__dirname, '..', 'test-migrations'));
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

test("a handler's events wake the relay after its commit, not at it", async () => {
  const consumer = new DurableConsumer({
    name: 'wakes-after-commit',
    db,
    nc: ns.nc,
    ns,
    logger: createLogger('messaging-test', 'silent'),
    subscriptions: [
      on(studentCreatedV1, async (event, tx) => {
        await enqueueEvent(tx, studentDeletedV1, {
          student_id: event.data.student_id,
          school_id: event.data.school_id,
        });
      }),
    ],
  });
  await consumer.start();
  try {
    statements.length = 0;
    await publishEvent(ns.nc, ns, studentCreatedV1, student);
    await waitFor(() => heard === 1);

    const committed = statements.indexOf('commit');
    const notified = statements.findIndex((s) => s.includes('pg_notify'));
    expect(statements.slice(0, committed).join('\n')).toContain('outbox_events');
    // Without the wake-up after commit the NOTIFY runs inside the transaction, before it.
    expect(notified).toBeGreaterThan(committed);
    const { rows } = await db.$client.query('SELECT type FROM outbox_events');
    expect(rows).toEqual([{ type: studentDeletedV1.type }]);
  } finally {
    await consumer.stop();
  }
});
