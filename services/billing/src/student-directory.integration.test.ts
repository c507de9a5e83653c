import { jetstream } from '@nats-io/jetstream';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import { subjectOf } from '@cuota/messaging/naming';
import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentDirectorySchema } from '@cuota/contracts/billing/responses';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { startTestProducer, type TestProducer } from '@cuota/testing/test-producer';
import { waitFor } from '@cuota/testing/wait-for';
import { STUDENT_DIRECTORY_CONSUMER } from './students/student-directory-consumer';
import { upsertStudent } from './students/student-directory-repository';
import { startBillingUnderTest, type BillingUnderTest } from './test-support/billing-under-test';

jest.setTimeout(30_000);

const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;

const SCHOOL = '11111111-1111-4111-8111-111111111111';
const OTHER_SCHOOL = '22222222-2222-4222-8222-222222222222';
const SURNAMES = ['Zapata', 'Álvarez', 'Méndez', 'García', 'Bravo'];

let ns: TestNamespace;
let producer: TestProducer;
let underTest: BillingUnderTest;
let billing: BillingUnderTest['service'];

function student(n: number): StudentSnapshot {
  return {
    student_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    school_id: SCHOOL,
    first_name: `Alumno ${String(n).padStart(2, '0')}`,
    last_name: SURNAMES[n % SURNAMES.length]!,
    level: 'elementary',
    section_id: null,
    status: 'active',
    billing_guardian_id: null,
  };
}

/** Enrolment's side: events written to its outbox in one transaction, then relayed. */
async function publishStudents(...numbers: number[]): Promise<void> {
  await producer.db.transaction(async (tx) => {
    for (const n of numbers) await enqueueEvent(tx, studentCreatedV1, student(n));
  });
  expect(await producer.relay.drain()).toBe(numbers.length);
}

async function counts(): Promise<{ rows: number; inbox: number }> {
  const { rows } = await billing.db.$client.query(
    `SELECT (SELECT count(*)::int FROM student_directory) AS rows,
            (SELECT count(*)::int FROM inbox_events WHERE consumer = $1) AS inbox`,
    [STUDENT_DIRECTORY_CONSUMER],
  );
  return rows[0];
}

const settle = () => new Promise((r) => setTimeout(r, 400));

async function get(pathname: string, claims?: IdentityClaims): Promise<Response> {
  const headers: Record<string, string> = {};
  if (claims) headers.authorization = `Bearer ${await underTest.identity.sign(claims)}`;
  return fetch(`${billing.url}${pathname}`, { headers });
}

beforeAll(async () => {
  ns = await createTestNamespace();
  [underTest, producer] = await Promise.all([
    startBillingUnderTest({ natsPrefix: ns.prefix }),
    startTestProducer(ns, 'enrolment_producer'),
  ]);
  billing = underTest.service;
});

afterAll(async () => {
  await underTest?.stop();
  await producer?.stop();
  await ns?.dispose();
});

test('students created while the consumer is stopped are each applied exactly once after restart', async () => {
  await publishStudents(0);
  await waitFor(async () => (await counts()).rows === 1);

  await billing.stopConsumers();
  await publishStudents(...Array.from({ length: 20 }, (_, i) => i + 1));
  await settle();
  expect(await counts()).toEqual({ rows: 1, inbox: 1 });

  await billing.startConsumers();
  await waitFor(async () => (await counts()).rows === 21);
  await settle();
  expect(await counts()).toEqual({ rows: 21, inbox: 21 });
});

test('the same event published again under a new Nats-Msg-Id changes nothing', async () => {
  const { rows: outbox } = await producer.db.$client.query(
    'SELECT payload FROM outbox_events ORDER BY seq LIMIT 1',
  );
  const before = await billing.db.$client.query(
    'SELECT * FROM student_directory WHERE student_id = $1',
    [outbox[0].payload.data.student_id],
  );
  const js = jetstream(ns.nc);
  const ack = await js.publish(
    subjectOf(ns, studentCreatedV1.type),
    JSON.stringify(outbox[0].payload),
    { msgID: `replay-${outbox[0].payload.id}` },
  );
  expect(ack.duplicate).toBe(false); // JetStream stored it: only the inbox can stop it

  await settle();
  expect(await counts()).toEqual({ rows: 21, inbox: 21 });
  const after = await billing.db.$client.query(
    'SELECT * FROM student_directory WHERE student_id = $1',
    [outbox[0].payload.data.student_id],
  );
  expect(after.rows).toEqual(before.rows);
});

test('student.updated and status_changed replace the snapshot; an older one never wins', async () => {
  const row = async () =>
    (
      await billing.db.$client.query(
        'SELECT status, billing_guardian_id FROM student_directory WHERE student_id = $1',
        [student(3).student_id],
      )
    ).rows[0];
  const guardianId = '33333333-3333-4333-8333-333333333333';
  await producer.db.transaction(async (tx) => {
    await enqueueEvent(tx, studentUpdatedV1, { ...student(3), billing_guardian_id: guardianId });
    await enqueueEvent(tx, studentStatusChangedV1, {
      ...student(3),
      billing_guardian_id: guardianId,
      status: 'inactive',
      from_status: 'active',
      reason: 'Cambio de ciudad',
      changed_by: null,
    });
  });
  expect(await producer.relay.drain()).toBe(2);
  await waitFor(async () => (await row()).status === 'inactive');
  expect(await row()).toEqual({ status: 'inactive', billing_guardian_id: guardianId });
  // A late snapshot from before (its occurred_at is older) changes nothing.
  await upsertStudent(billing.db, student(3), new Date('2020-01-01T00:00:00Z'));
  expect(await row()).toEqual({ status: 'inactive', billing_guardian_id: guardianId });
});

describe('GET /internal/student-directory/:schoolId', () => {
  const path = `/internal/student-directory/${SCHOOL}`;

  test('answers 401 without a token', async () => {
    const res = await get(path);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('UNAUTHENTICATED');
  });

  test('another school is a 404 to its staff (as if it did not exist); guardians get 403', async () => {
    const outsider = await get(path, {
      kind: 'staff',
      user_id: 'u-2',
      memberships: [{ school_id: OTHER_SCHOOL, role: 'OWNER' }],
    });
    expect(outsider.status).toBe(404);
    expect((await errorOf(outsider)).message).toMatch(/No encontramos/);
    const guardian = await get(path, {
      kind: 'guardian',
      guardian_id: 'g-1',
      school_ids: [SCHOOL],
    });
    expect(guardian.status).toBe(403);
  });

  test("lists the school's students by last name, then first name, to its staff", async () => {
    const res = await get(path, {
      kind: 'staff',
      user_id: 'u-1',
      memberships: [{ school_id: SCHOOL, role: 'ACCOUNTANT' }],
    });
    expect(res.status).toBe(200);
    const body = studentDirectorySchema.parse(await res.json());
    expect(body.count).toBe(21);
    const names = body.students.map((s) => [s.last_name, s.first_name]);
    const sorted = [...names].sort(
      ([al, af], [bl, bf]) => al!.localeCompare(bl!) || af!.localeCompare(bf!),
    );
    expect(names.map((n) => n[0])).toEqual(sorted.map((n) => n[0]));
    expect(body.students.filter((s) => s.last_name === 'Bravo').map((s) => s.first_name)).toEqual([
      'Alumno 04',
      'Alumno 09',
      'Alumno 14',
      'Alumno 19',
    ]);
  });

  test('answers the BFF acting as a service, and an empty list for an unknown school', async () => {
    const res = await get(`/internal/student-directory/${OTHER_SCHOOL}`, {
      kind: 'service',
      service: 'bff',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 0, students: [] });
  });
});

test('an older snapshot of a student never overwrites a newer one', async () => {
  const id = student(99).student_id;
  await upsertStudent(billing.db, { ...student(99), status: 'inactive' }, new Date('2026-02-01'));
  await upsertStudent(billing.db, { ...student(99), status: 'active' }, new Date('2026-01-01'));
  const { rows } = await billing.db.$client.query(
    'SELECT status FROM student_directory WHERE student_id = $1',
    [id],
  );
  expect(rows).toEqual([{ status: 'inactive' }]);
});
