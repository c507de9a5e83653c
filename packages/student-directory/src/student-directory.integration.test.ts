import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { jetstream } from '@nats-io/jetstream';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentDeletedV1 } from '@cuota/contracts/events/enrolment.student.deleted.v1';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { DurableConsumer } from '@cuota/messaging/consumer/durable-consumer';
import { subjectOf } from '@cuota/messaging/naming';
import { createDatabase, runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { startTestProducer, type TestProducer } from '@cuota/testing/test-producer';
import { waitFor } from '@cuota/testing/wait-for';
import { isGuardianOfStudent } from './guardian-of-student';
import { studentDirectorySubscriptions } from './student-directory-consumer';
import {
  activeLevelsOfSchool,
  studentById,
  studentCountOfSchool,
  studentIdsOfGuardian,
  studentNames,
  studentOfSchool,
  studentsOfSchool,
  upsertStudent,
} from './student-directory-repository';

/**
 * The read model each of billing, payments and invoicing keeps of enrolment's students, as
 * one of them runs it: its own database, its durable consumer on the real NATS, enrolment's
 * events relayed from an outbox as enrolment publishes them.
 */
const CONSUMER = 'test-enrolment-students';
const SCHOOL = '11111111-1111-4111-8111-111111111111';
const OTHER_SCHOOL = '22222222-2222-4222-8222-222222222222';
const MOTHER = '33333333-3333-4333-8333-333333333333';
const FATHER = '44444444-4444-4444-8444-444444444444';

let database: TestDatabase;
let db: Database<Record<string, unknown>>;
let ns: TestNamespace;
let enrolment: TestProducer;
let consumer: DurableConsumer;

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function student(n: number, over: Partial<StudentSnapshot> = {}): StudentSnapshot {
  return {
    student_id: idOf(n),
    school_id: SCHOOL,
    first_name: `Alumno ${n}`,
    last_name: 'García',
    level: 'elementary',
    section_id: null,
    status: 'active',
    billing_guardian_id: MOTHER,
    guardian_ids: [MOTHER],
    ...over,
  };
}

const startConsumer = async () => {
  consumer = new DurableConsumer({
    name: CONSUMER,
    db,
    nc: ns.nc,
    ns,
    logger: createLogger('student-directory-test', 'silent'),
    subscriptions: studentDirectorySubscriptions(),
  });
  await consumer.start();
};

const inboxCount = async () =>
  (
    await db.$client.query('SELECT count(*)::int AS n FROM inbox_events WHERE consumer = $1', [
      CONSUMER,
    ])
  ).rows[0].n as number;

/** Waits until the consumer has applied (or skipped as seen) this many events in all. */
const applied = (n: number) => waitFor(async () => (await inboxCount()) === n);
const settle = () => new Promise((r) => setTimeout(r, 300));

beforeAll(async () => {
  [database, ns] = await Promise.all([
    createTestDatabase('student_directory'),
    createTestNamespace(),
  ]);
  db = createDatabase(database.url, {});
  // The consumer's inbox (messaging's own test tables), then the table, each with its journal.
  await runMigrations(db, path.resolve(__dirname, '../../messaging/src/test-migrations'));
  await migrate(db, {
    migrationsFolder: path.join(__dirname, 'test-migrations'),
    migrationsTable: '__student_directory_migrations',
  });
  enrolment = await startTestProducer(ns, 'enrolment_students');
  await startConsumer();
});

afterAll(async () => {
  await consumer?.stop();
  await enrolment?.stop();
  await db?.$client.end();
  await ns?.dispose();
  await database?.drop();
});

test('a new student arrives whole; the same event again changes nothing', async () => {
  const eventId = await enrolment.publish(
    studentCreatedV1,
    student(1, { guardian_ids: [MOTHER, FATHER, MOTHER], curp: ' gaxr150101mdfrrna1 ' }),
  );
  await applied(1);
  const row = await studentById(db, idOf(1));
  expect(row).toMatchObject({
    schoolId: SCHOOL,
    firstName: 'Alumno 1',
    level: 'elementary',
    status: 'active',
    curp: 'GAXR150101MDFRRNA1',
    billingGuardianId: MOTHER,
    guardianIds: [MOTHER, FATHER],
  });

  await enrolment.republish(eventId);
  await settle();
  expect(await inboxCount()).toBe(1);
  expect(await studentById(db, idOf(1))).toEqual(row);
});

test('events published while the consumer is stopped are each applied once after restart', async () => {
  await consumer.stop();
  for (const n of [2, 3, 4]) await enrolment.publish(studentCreatedV1, student(n));
  await settle();
  expect(await studentCountOfSchool(db, SCHOOL)).toBe(1);

  await startConsumer();
  await applied(4);
  expect(await studentCountOfSchool(db, SCHOOL)).toBe(4);
});

test('updated and status_changed replace the snapshot; a late, older event never wins', async () => {
  const first = await enrolment.publish(studentUpdatedV1, student(2, { section_id: 'sec-a' }));
  await enrolment.publish(studentStatusChangedV1, {
    ...student(2, { section_id: 'sec-a', status: 'inactive' }),
    from_status: 'active',
    reason: 'Cambio de ciudad',
    changed_by: null,
  });
  await applied(6);
  const now = { sectionId: 'sec-a', status: 'inactive' };
  expect(await studentById(db, idOf(2))).toMatchObject(now);

  // The update again under a new event id (its occurred_at is older): applied, changes nothing.
  const { rows } = await enrolment.db.$client.query(
    'SELECT payload FROM outbox_events WHERE id = $1',
    [first],
  );
  const late = { ...rows[0].payload, id: randomUUID(), data: student(2, { first_name: 'Viejo' }) };
  await jetstream(ns.nc).publish(subjectOf(ns, studentUpdatedV1.type), JSON.stringify(late));
  await applied(7);
  expect(await studentById(db, idOf(2))).toMatchObject({ ...now, firstName: 'Alumno 2' });
});

test('a snapshot without guardian_ids keeps the links; an empty list removes them', async () => {
  await enrolment.publish(studentUpdatedV1, student(1, { guardian_ids: [MOTHER, FATHER] }));
  const { guardian_ids: _absent, ...older } = student(1, { first_name: 'Renata' });
  await enrolment.publish(studentUpdatedV1, older);
  await applied(9);
  expect(await studentById(db, idOf(1))).toMatchObject({
    firstName: 'Renata',
    guardianIds: [MOTHER, FATHER],
  });
  expect(await studentIdsOfGuardian(db, SCHOOL, FATHER)).toEqual([idOf(1)]);

  await enrolment.publish(studentUpdatedV1, student(1, { guardian_ids: [] }));
  await applied(10);
  expect(await studentIdsOfGuardian(db, SCHOOL, FATHER)).toEqual([]);
  expect((await studentIdsOfGuardian(db, SCHOOL, MOTHER)).sort()).toEqual([1, 2, 3, 4].map(idOf));
});

test('the matrícula arrives, changes like a name, and an older snapshot without it keeps it', async () => {
  await enrolment.publish(studentUpdatedV1, student(2, { enrolment_code: 'PRI-0002' }));
  await applied(11);
  expect(await studentById(db, idOf(2))).toMatchObject({ enrolmentCode: 'PRI-0002' });
  await enrolment.publish(studentUpdatedV1, student(2, { enrolment_code: 'SEC-0002' }));
  await applied(12);
  expect(await studentById(db, idOf(2))).toMatchObject({ enrolmentCode: 'SEC-0002' });
  // student() has no enrolment_code: a producer from before it leaves the copy's alone.
  await enrolment.publish(studentUpdatedV1, student(2, { section_id: 'sec-b' }));
  await applied(13);
  expect(await studentById(db, idOf(2))).toMatchObject({
    sectionId: 'sec-b',
    enrolmentCode: 'SEC-0002',
  });
  await enrolment.publish(studentUpdatedV1, student(2, { enrolment_code: null }));
  await applied(14);
  expect(await studentById(db, idOf(2))).toMatchObject({ enrolmentCode: null });
});

test('a deleted student is forgotten; a delete older than the copy is not', async () => {
  await enrolment.publish(studentDeletedV1, { student_id: idOf(3), school_id: SCHOOL });
  await applied(15);
  expect(await studentById(db, idOf(3))).toBeUndefined();

  await upsertStudent(db, student(4, { first_name: 'Futuro' }), new Date(Date.now() + 60_000));
  await enrolment.publish(studentDeletedV1, { student_id: idOf(4), school_id: SCHOOL });
  await applied(16);
  expect(await studentById(db, idOf(4))).toMatchObject({ firstName: 'Futuro' });
});

describe('look-ups', () => {
  beforeAll(async () => {
    const at = new Date();
    const others: [number, Partial<StudentSnapshot>][] = [
      [10, { last_name: 'Zapata', level: 'high' }],
      [11, { last_name: 'Álvarez', level: 'middle' }],
      [12, { last_name: 'Alvarez', first_name: 'Ana', status: 'inactive', level: 'pre-school' }],
      [13, { school_id: OTHER_SCHOOL, billing_guardian_id: FATHER, guardian_ids: [] }],
    ];
    for (const [n, over] of others) await upsertStudent(db, student(n, over), at);
  });

  test("a school's students by last name, then first name, as a Mexican reader sorts them", async () => {
    const names = (await studentsOfSchool(db, SCHOOL)).map((s) => `${s.lastName} ${s.firstName}`);
    expect(names).toEqual([
      'Alvarez Ana',
      'Álvarez Alumno 11',
      'García Alumno 1',
      'García Alumno 2',
      'García Futuro',
      'Zapata Alumno 10',
    ]);
  });

  test('another school’s student does not exist for this one', async () => {
    expect(await studentOfSchool(db, SCHOOL, idOf(13))).toBeNull();
    expect(await studentOfSchool(db, OTHER_SCHOOL, idOf(13))).toMatchObject({ lastName: 'García' });
    expect(await studentIdsOfGuardian(db, SCHOOL, FATHER)).toEqual([]);
    expect(await studentIdsOfGuardian(db, OTHER_SCHOOL, FATHER)).toEqual([idOf(13)]);
  });

  test('names by id, the levels of active students, and the guardian rule in memory', async () => {
    expect(await studentNames(db, [idOf(10), idOf(99)])).toEqual(
      new Map([[idOf(10), 'Alumno 10 Zapata']]),
    );
    expect(await studentNames(db, [])).toEqual(new Map());
    expect(await activeLevelsOfSchool(db, SCHOOL)).toEqual(['elementary', 'high', 'middle']);
    const unlinked = (await studentById(db, idOf(1)))!;
    expect(isGuardianOfStudent(MOTHER, unlinked)).toBe(true);
    expect(isGuardianOfStudent(FATHER, unlinked)).toBe(false);
    expect(isGuardianOfStudent(FATHER, (await studentById(db, idOf(13)))!)).toBe(true);
  });
});
