import { startEnrolmentHarness, type EnrolmentHarness } from './test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_foreign_records');
}, 60_000);
afterAll(() => h?.stop());

const UNUSED = '00000000-0000-4000-8000-00000000dead';
const firstId = async (table: string) =>
  (
    await h.service.db.execute<{ id: string }>(
      `SELECT id FROM ${table} WHERE school_id = '${h.demo.school_id}' LIMIT 1` as never,
    )
  ).rows[0]!.id;

/**
 * Staff of another school asking for a record by id get exactly what an id that exists
 * nowhere gets: the status and the Spanish message match, so they cannot probe for records.
 */
test.each([
  ['a student', 'students', (id: string) => ['GET', `/api/v1/students/${id}/`] as const],
  [
    'a student (admissions)',
    'students',
    (id: string) => ['GET', `/api/v1/admissions/student_lead/${id}/`] as const,
  ],
  [
    'a student (status)',
    'students',
    (id: string) =>
      ['POST', `/api/v1/dashboard/students/${id}/status/`, { status: 'graduated' }] as const,
  ],
  [
    'a section',
    'sections',
    (id: string) => ['DELETE', `/academic-coordinator/sections/${id}/`] as const,
  ],
  [
    'a cycle',
    'school_cycles',
    (id: string) => ['GET', `/academic-coordinator/school_cycles/${id}/`] as const,
  ],
] as const)('%s of another school answers like an unknown id', async (_, table, request) => {
  const outsider = h.staff('OWNER', h.otherSchoolId);
  // A valid body: input is checked before the record is looked up (an invalid one is a 400
  // for a foreign and an unknown id alike).
  const ask = async (id: string) => {
    const [method, path, body = {}] = request(id) as readonly [string, string, object?];
    const res = await h.call(outsider, path, { method, json: method === 'GET' ? undefined : body });
    return { status: res.status, body: res.body };
  };
  const foreign = await ask(await firstId(table));
  expect(foreign.status).toBe(404);
  expect(foreign).toEqual(await ask(UNUSED));
});
