import { studentDirectorySchema } from '@cuota/contracts/billing/responses';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentDeletedV1 } from '@cuota/contracts/events/enrolment.student.deleted.v1';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
} from '../test-support/billing-harness';

jest.setTimeout(30_000);

/**
 * Billing's copy of enrolment's students (the shared read model, docs/adr/0026) as billing
 * runs it: enrolment's events reach it through billing's own consumer, and its staff and the
 * BFF read it. The consumer and repository themselves are tested in packages/student-directory.
 */
const SURNAMES = ['Zapata', 'Álvarez', 'Méndez', 'García', 'Bravo'];
let h: BillingHarness;

const student = (n: number) => ({
  student_id: studentId(n),
  school_id: SCHOOL,
  first_name: `Alumno ${String(n).padStart(2, '0')}`,
  last_name: SURNAMES[n % SURNAMES.length]!,
  level: 'elementary' as const,
  section_id: null,
  status: 'active' as const,
  billing_guardian_id: null,
});

const rows = async () =>
  (await h.query<{ n: number }>('SELECT count(*)::int AS n FROM student_directory'))[0]!.n;

beforeAll(async () => {
  h = await startBillingHarness();
  for (let n = 1; n <= 21; n += 1) await publishEvent(h.ns.nc, h.ns, studentCreatedV1, student(n));
  await waitFor(async () => (await rows()) === 21);
});
afterAll(() => h?.dispose());

const path = `/internal/student-directory/${SCHOOL}`;

test('answers 401 without a token', async () => {
  const res = await fetch(`${h.service.url}${path}`);
  expect(res.status).toBe(401);
  expect(apiErrorSchema.parse(await res.json()).error.code).toBe('UNAUTHENTICATED');
});

test('another school is a 404 to its staff (as if it did not exist); guardians get 403', async () => {
  const outsider = await h.call(staff('OWNER', OTHER_SCHOOL), path);
  expect(outsider.status).toBe(404);
  expect(outsider.body.error.message).toMatch(/No encontramos/);
  expect((await h.call(family(), path)).status).toBe(403);
});

test("lists the school's students by last name, then first name, to its staff", async () => {
  const res = await h.call(staff(), path);
  expect(res.status).toBe(200);
  const body = studentDirectorySchema.parse(res.body);
  expect(body.count).toBe(21);
  expect([...new Set(body.students.map((s) => s.last_name))]).toEqual([
    'Álvarez',
    'Bravo',
    'García',
    'Méndez',
    'Zapata',
  ]);
  expect(body.students.filter((s) => s.last_name === 'Bravo').map((s) => s.first_name)).toEqual([
    'Alumno 04',
    'Alumno 09',
    'Alumno 14',
    'Alumno 19',
  ]);
});

test('answers the BFF acting as a service, and an empty list for an unknown school', async () => {
  const res = await h.call(
    { kind: 'service', service: 'bff' },
    `/internal/student-directory/${OTHER_SCHOOL}`,
  );
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ count: 0, students: [] });
});

test('a student enrolment deletes leaves the list', async () => {
  await publishEvent(h.ns.nc, h.ns, studentDeletedV1, {
    student_id: studentId(4),
    school_id: SCHOOL,
  });
  await waitFor(async () => (await rows()) === 20);
  const { body } = await h.call(staff(), path);
  expect(body.students.map((s: { student_id: string }) => s.student_id)).not.toContain(
    studentId(4),
  );
});
