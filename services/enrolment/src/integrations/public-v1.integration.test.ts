import { eq, sql } from 'drizzle-orm';
import {
  publicGuardianPageSchema,
  publicSchoolCyclePageSchema,
  publicSectionPageSchema,
  publicStudentPageSchema,
} from '@cuota/contracts/enrolment/integrations';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { sections, students } from '../schema';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';

jest.setTimeout(30_000);

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_public_v1');
}, 60_000);
afterAll(() => h?.stop());

const BASE = '/api/v1/internal/public';

/** Each resource, its page schema, and the SQL that says which rows are the demo school's. */
const RESOURCES = [
  { name: 'students', page: publicStudentPageSchema, table: 'students', where: 'school_id' },
  {
    name: 'guardians',
    page: publicGuardianPageSchema,
    table: 'guardian_schools',
    where: 'school_id',
  },
  { name: 'sections', page: publicSectionPageSchema, table: 'sections', where: 'school_id' },
  {
    name: 'school-cycles',
    page: publicSchoolCyclePageSchema,
    table: 'school_cycles',
    where: 'school_id',
  },
] as const;

/** Every page of a resource, following next_cursor. */
async function pullAll(as: IdentityClaims, name: string, extra = ''): Promise<Json[]> {
  const rows: Json[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const url = `${BASE}/${name}/?school_id=${h.demo.school_id}&page_size=7${extra}${
      cursor ? `&cursor=${cursor}` : ''
    }`;
    const res = await h.call(as, url);
    expect(res.status).toBe(200);
    rows.push(...res.body.results);
    cursor = res.body.next_cursor;
    if (!res.body.has_more) return rows;
  }
  throw new Error('too many pages');
}

describe.each(RESOURCES)('GET /api/v1/internal/public/$name/', ({ name, page, table, where }) => {
  test("pages through every row of the school once, in (updated_at, id) order, none of another's", async () => {
    const owner = h.staff('OWNER');
    const first = await h.call(owner, `${BASE}/${name}/?school_id=${h.demo.school_id}&page_size=2`);
    expect(first.status).toBe(200);
    page.parse(first.body);
    const all = await pullAll(owner, name);
    const expected = await h.count(table, `${where} = '${h.demo.school_id}'`);
    expect(expected).toBeGreaterThan(0);
    expect(all).toHaveLength(expected);
    expect(new Set(all.map((r) => r.id)).size).toBe(expected);
    const keys = all.map((r) => `${r.updated_at} ${r.id}`);
    expect(keys).toEqual([...keys].sort());
    for (const row of all) if ('school_id' in row) expect(row.school_id).toBe(h.demo.school_id);
  });

  test('answers 400 in Spanish without school_id, with a bad updated_since, cursor or page_size', async () => {
    const owner = h.staff('OWNER');
    const missing = await h.call(owner, `${BASE}/${name}/`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([
      { path: 'school_id', message: 'Indica la escuela (school_id).' },
    ]);
    const q = `${BASE}/${name}/?school_id=${h.demo.school_id}`;
    const since = await h.call(owner, `${q}&updated_since=ayer`);
    expect(since.status).toBe(400);
    expect(since.body.error.details[0].message).toMatch(/updated_since debe ser una fecha/);
    const cursor = await h.call(owner, `${q}&cursor=bm8tc2lydmU`);
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.message).toBe(
      'El cursor no es válido; vuelve a pedir la primera página.',
    );
    const size = await h.call(owner, `${q}&page_size=501`);
    expect(size.status).toBe(400);
    expect(size.body.error.details[0].message).toBe('page_size admite hasta 500.');
  });

  test("another school's staff and a guardian learn nothing of the demo school", async () => {
    const q = `${BASE}/${name}/?school_id=${h.demo.school_id}`;
    const outsider = await h.call(h.staff('OWNER', h.otherSchoolId), q);
    expect(outsider.status).toBe(404);
    expect(outsider.body.results).toBeUndefined();
    const guardian = await h.call(h.guardian(), q);
    expect(guardian.status).toBe(403);
    // The other school asked for by the demo's owner: not theirs either.
    const theirs = await h.call(h.staff('OWNER'), `${BASE}/${name}/?school_id=${h.otherSchoolId}`);
    expect(theirs.status).toBe(404);
  });
});

test('each resource needs its own read permission', async () => {
  const q = (name: string) => `${BASE}/${name}/?school_id=${h.demo.school_id}`;
  // OTHER reads the school and its students, not guardians (docs/permissions.md).
  expect((await h.call(h.staff('OTHER'), q('students'))).status).toBe(200);
  const guardians = await h.call(h.staff('OTHER'), q('guardians'));
  expect(guardians.status).toBe(403);
  expect(guardians.body.error.message).toBe(
    'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
  );
  const onlyGuardians: IdentityClaims = {
    kind: 'staff',
    user_id: '00000000-0000-4000-8000-0000000000bb',
    memberships: [{ school_id: h.demo.school_id, role: 'OTHER', permissions: ['guardians.read'] }],
  };
  expect((await h.call(onlyGuardians, q('guardians'))).status).toBe(200);
  for (const name of ['students', 'sections', 'school-cycles'])
    expect((await h.call(onlyGuardians, q(name))).status).toBe(403);
});

test('updated_since returns only what changed since, including a row changed while paging', async () => {
  const owner = h.staff('OWNER');
  const { rows } = await h.service.db.execute<{ now: string }>(sql`SELECT now()::text AS now`);
  const since = encodeURIComponent(new Date(rows[0]!.now).toISOString());
  expect(await pullAll(owner, 'students', `&updated_since=${since}`)).toEqual([]);

  const [one, two] = await h.service.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.schoolId, h.demo.school_id))
    .limit(2);
  await h.service.db.update(students).set({ lastName: 'Ibarra' }).where(eq(students.id, one!.id));
  const [section] = await h.service.db
    .update(sections)
    .set({ capacity: 31 })
    .where(eq(sections.schoolId, h.demo.school_id))
    .returning();

  const first = await h.call(
    owner,
    `${BASE}/students/?school_id=${h.demo.school_id}&updated_since=${since}&page_size=1`,
  );
  expect(first.body.results.map((r: Json) => [r.id, r.last_name])).toEqual([[one!.id, 'Ibarra']]);
  expect(first.body.has_more).toBe(false);
  // Changed after the first page was read: it comes after the cursor, not lost.
  await h.service.db.update(students).set({ lastName: 'Zúñiga' }).where(eq(students.id, two!.id));
  const next = await h.call(
    owner,
    `${BASE}/students/?school_id=${h.demo.school_id}&updated_since=${since}&page_size=1&cursor=${first.body.next_cursor}`,
  );
  expect(next.body.results.map((r: Json) => [r.id, r.last_name])).toEqual([[two!.id, 'Zúñiga']]);
  // Nothing new: the same cursor comes back, ready for the next pull.
  const idle = await h.call(
    owner,
    `${BASE}/students/?school_id=${h.demo.school_id}&page_size=1&cursor=${next.body.next_cursor}`,
  );
  expect(idle.body).toEqual({ results: [], next_cursor: next.body.next_cursor, has_more: false });

  const changedSections = await pullAll(owner, 'sections', `&updated_since=${since}`);
  const schoolSections = await h.service.db
    .select({ id: sections.id })
    .from(sections)
    .where(eq(sections.schoolId, h.demo.school_id));
  // One UPDATE stamped them all alike: the id breaks the tie.
  expect(changedSections.map((s) => [s.id, s.capacity])).toEqual(
    schoolSections.map((s) => [s.id, 31]).sort(),
  );
  expect(section).toBeDefined();
  // Cursors keep PostgreSQL's microseconds: rows written in the same millisecond are not skipped.
  expect(changedSections[0].updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
});
