import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';
import { createLead } from '../test-support/create-lead';

jest.setTimeout(60_000);

/**
 * Who is whose guardian travels with the student (docs/adr/0023): the created snapshot names
 * the student's guardians, and linking, re-linking as another relationship or unlinking one
 * publishes enrolment.student.updated in the same transaction, so billing, payments and
 * invoicing show the family's money to every parent and the BFF forgets the guardian.me
 * answers that show the link (ADR 0024).
 */
let h: EnrolmentHarness;

beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_family_links');
}, 90_000);

afterAll(() => h?.stop());

/** The student's events in the outbox, oldest first, with the guardians each named. */
const studentEvents = (studentId: string) =>
  h.query<{ type: string; guardian_ids: string[] | null }>(
    `SELECT type, payload->'data'->'guardian_ids' AS guardian_ids FROM outbox_events
      WHERE type LIKE 'enrolment.student.%' AND payload->'data'->>'student_id' = $1
      ORDER BY seq`,
    [studentId],
  );

const sorted = (ids: string[]) => [...ids].sort();

/** Each of the student's guardians' relationship, by guardian id. */
const relationships = async (studentId: string) =>
  Object.fromEntries(
    (
      await h.query<{ guardian_id: string; relationship: string | null }>(
        'SELECT guardian_id, relationship FROM student_guardians WHERE student_id = $1',
        [studentId],
      )
    ).map((r) => [r.guardian_id, r.relationship]),
  );

test('the created student names its guardians; linking and unlinking republish it', async () => {
  const admissions = h.staff('ADMISSIONS');
  const lead = await createLead(h, {
    first_name: 'Renata',
    last_name: 'Familia',
    guardians: [
      { first_name: 'Laura', relationship: 'Madre' },
      { first_name: 'Jorge', relationship: 'Padre' },
    ],
  });
  const parents: string[] = lead.guardians.map((g: Json) => g.id);
  expect(parents).toHaveLength(2);
  // One created event naming both parents, whose relationships were saved with the links.
  expect(await studentEvents(lead.id)).toEqual([
    { type: 'enrolment.student.created', guardian_ids: sorted(parents) },
  ]);
  const named = Object.fromEntries(lead.guardians.map((g: Json) => [g.id, g.first_name]));
  const saved = await relationships(lead.id);
  expect(
    Object.keys(saved)
      .map((id) => `${named[id]} ${saved[id]}`)
      .sort(),
  ).toEqual(['Jorge Padre', 'Laura Madre']);

  const grandmother: Json = (
    await h.call(admissions, '/api/v1/admissions/create_guardian/', {
      method: 'POST',
      json: {
        school_id: h.demo.school_id,
        student_id: lead.id,
        first_name: 'Elena',
        last_name: 'Familia',
        relationship: 'Abuela',
      },
    })
  ).body;
  expect(grandmother.id).toEqual(expect.any(String));
  const family = sorted([...parents, grandmother.id]);
  expect((await studentEvents(lead.id)).at(-1)).toEqual({
    type: 'enrolment.student.updated',
    guardian_ids: family,
  });

  // Linking a guardian who already is one changes the relationship guardian.me shows: one
  // event. The same link again changes nothing and publishes nothing.
  const before = (await studentEvents(lead.id)).length;
  const relink = () =>
    h.call(admissions, `/api/v1/admissions/link_guardian/${parents[1]}/`, {
      method: 'POST',
      json: { student_id: lead.id, relationship: 'Papá' },
    });
  expect((await relink()).status).toBe(200);
  expect((await relationships(lead.id))[parents[1]!]).toBe('Papá');
  expect(await studentEvents(lead.id)).toHaveLength(before + 1);
  expect((await studentEvents(lead.id)).at(-1)).toEqual({
    type: 'enrolment.student.updated',
    guardian_ids: family,
  });
  expect((await relink()).status).toBe(200);
  expect(await studentEvents(lead.id)).toHaveLength(before + 1);

  const removed = await h.call(
    admissions,
    `/api/v1/admissions/delete_guardian/${grandmother.id}/?student_id=${lead.id}`,
    { method: 'DELETE' },
  );
  expect(removed.status).toBe(204);
  expect((await studentEvents(lead.id)).at(-1)).toEqual({
    type: 'enrolment.student.updated',
    guardian_ids: sorted(parents),
  });
});

test("deleting the student's billing guardian publishes the student once, with both changes", async () => {
  const lead = await createLead(h, {
    first_name: 'Tomás',
    last_name: 'Cobro',
    guardians: [
      { first_name: 'Ana', relationship: 'Madre' },
      { first_name: 'Luis', relationship: 'Padre' },
    ],
  });
  const [mother, father] = lead.guardians.map((g: Json) => g.id as string) as [string, string];
  const assigned = await h.call(h.staff('OWNER'), '/api/v1/guardians/assign_billing/', {
    method: 'PATCH',
    json: { student_id: lead.id, guardian_id: mother },
  });
  expect(assigned.status).toBe(200);
  const updates = async () =>
    (await studentEvents(lead.id)).filter((e) => e.type === 'enrolment.student.updated').length;
  const before = await updates();

  const removed = await h.call(
    h.staff('ADMISSIONS'),
    `/api/v1/admissions/delete_guardian/${mother}/?student_id=${lead.id}`,
    { method: 'DELETE' },
  );
  expect(removed.status).toBe(204);
  const after = await h.query<{ billing_guardian_id: string | null; guardian_ids: string[] }>(
    `SELECT payload->'data'->>'billing_guardian_id' AS billing_guardian_id,
            payload->'data'->'guardian_ids' AS guardian_ids
       FROM outbox_events WHERE type = 'enrolment.student.updated'
        AND payload->'data'->>'student_id' = $1 ORDER BY seq OFFSET $2`,
    [lead.id, before],
  );
  expect(after).toEqual([{ billing_guardian_id: null, guardian_ids: [father] }]);
});

test('a sibling linked to a known guardian republishes only the sibling', async () => {
  const admissions = h.staff('ADMISSIONS');
  const older = await createLead(h, {
    first_name: 'Mateo',
    last_name: 'Hermanos',
    guardians: [{ first_name: 'Sara', relationship: 'Madre' }],
  });
  const mother: string = older.guardians[0].id;
  const younger = await createLead(h, {
    first_name: 'Lía',
    last_name: 'Hermanos',
    guardian_ids: [mother],
  });
  expect(await studentEvents(younger.id)).toEqual([
    { type: 'enrolment.student.created', guardian_ids: [mother] },
  ]);
  const father: Json = (
    await h.call(admissions, '/api/v1/admissions/create_guardian/', {
      method: 'POST',
      json: {
        school_id: h.demo.school_id,
        student_id: younger.id,
        first_name: 'Raúl',
        last_name: 'Hermanos',
        relationship: 'Padre',
      },
    })
  ).body;
  expect((await studentEvents(younger.id)).at(-1)?.guardian_ids).toEqual(
    sorted([mother, father.id]),
  );
  expect(await studentEvents(older.id)).toEqual([
    { type: 'enrolment.student.created', guardian_ids: [mother] },
  ]);
});
