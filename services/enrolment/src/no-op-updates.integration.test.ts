import { sql } from 'drizzle-orm';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from './test-support/enrolment-harness';

/**
 * Issue 9, finding 3: an update that changes nothing, or a body of a type the endpoint does
 * not read, wrote `updated_at` and published an `*.updated` event. Either must leave the
 * record and the outbox exactly as they were.
 */
let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_no_op', { worker: false });
}, 60_000);
afterAll(() => h?.stop());

/** What an update must not touch: the row's updated_at and the number of queued events. */
async function footprint(table: string, id: string) {
  const { rows } = await h.service.db.execute<{ updated_at: string }>(
    sql.raw(`SELECT updated_at::text FROM ${table} WHERE id = '${id}'`),
  );
  return { updated_at: rows[0]!.updated_at, events: await h.count('outbox_events') };
}

const send = (path: string, method: 'PUT' | 'PATCH', json: unknown, as = h.staff('OWNER')) =>
  h.call(as, path, { method, json });

async function aStudent(): Promise<Json> {
  const me = await h.call(h.guardian(), '/api/v1/guardians/me/');
  const id = me.body.dependents[0].id;
  return (await h.call(h.staff('OWNER'), `/api/v1/students/${id}/`)).body;
}

describe('an update that changes nothing writes and publishes nothing', () => {
  test('student: PATCH with its own values, and an empty PATCH', async () => {
    const student = await aStudent();
    const path = `/api/v1/students/${student.id}/`;
    const before = await footprint('students', student.id);
    const same = await send(path, 'PATCH', {
      first_name: student.first_name,
      last_name: student.last_name,
    });
    expect(same.status).toBe(200);
    expect((await send(path, 'PATCH', {})).status).toBe(200);
    expect(await footprint('students', student.id)).toEqual(before);
    // A real change still goes through, with its event.
    expect((await send(path, 'PATCH', { first_name: 'Otro Nombre' })).status).toBe(200);
    const after = await footprint('students', student.id);
    expect(after.updated_at).not.toBe(before.updated_at);
    expect(after.events).toBe(before.events + 1);
  });

  test('school: PATCH with the name it already has', async () => {
    const path = `/api/v1/dashboard/schools/${h.demo.school_id}/`;
    const school = (await h.call(h.staff('OWNER'), `/api/v1/schools/${h.demo.school_id}/`)).body;
    const before = await footprint('schools', h.demo.school_id);
    expect((await send(path, 'PATCH', { name: school.name })).status).toBe(200);
    expect(await footprint('schools', h.demo.school_id)).toEqual(before);
  });

  test('guardian: PUT with every field as stored', async () => {
    const path = `/api/v1/guardians/${h.demo.guardian_id}/`;
    const g = (await h.call(h.guardian(), path)).body;
    const before = await footprint('guardians', h.demo.guardian_id);
    const put = await send(
      path,
      'PUT',
      {
        first_name: g.first_name,
        last_name: g.last_name,
        email: g.email,
        phone: g.phone,
        billing_name: g.billing_name,
        tax_id: g.tax_id,
        tax_zip_code: g.tax_zip_code,
      },
      h.guardian(),
    );
    expect(put.status).toBe(200);
    expect(await footprint('guardians', h.demo.guardian_id)).toEqual(before);
  });

  test('staff user: PATCH of their own name with the same name', async () => {
    const id = h.userId('OTHER');
    const path = `/api/v1/users/${id}/`;
    const me = await h.signedIn(id);
    const user = (await h.call(me, path)).body;
    const before = await footprint('staff_users', id);
    expect((await send(path, 'PATCH', { name: user.name }, me)).status).toBe(200);
    expect(await footprint('staff_users', id)).toEqual(before);
  });

  test('section: PUT with its own fields', async () => {
    const list = await h.call(h.staff('OWNER'), `/api/v1/schools/${h.demo.school_id}/sections/`);
    const section = list.body[0];
    const before = await footprint('sections', section.id);
    const put = await send(`/academic-coordinator/sections/${section.id}/`, 'PUT', {
      level_id: section.level_id,
      name: section.name,
      grade: section.grade,
      capacity: section.capacity,
    });
    expect(put.status).toBe(200);
    expect(await footprint('sections', section.id)).toEqual(before);
  });
});

describe('a body the endpoint cannot read is a Spanish 415, and nothing is written', () => {
  test.each([
    ['students', async () => `/api/v1/students/${(await aStudent()).id}/`, 'students'],
    ['schools', async () => `/api/v1/dashboard/schools/${h.demo.school_id}/`, 'schools'],
    ['guardians', async () => `/api/v1/guardians/${h.demo.guardian_id}/`, 'guardians'],
    ['users', async () => `/api/v1/users/${h.userId('OWNER')}/`, 'staff_users'],
  ])('PATCH %s with text/plain', async (_name, pathOf, table) => {
    const path = await pathOf();
    const id = path.split('/').at(-2)!;
    const before = await footprint(table, id);
    const as = table === 'staff_users' ? await h.signedIn(id) : h.staff('OWNER');
    const res = await h.call(as, path, {
      method: 'PATCH',
      body: 'first_name=Intruso&name=Intruso',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/^Envía los datos como/);
    expect(await footprint(table, id)).toEqual(before);
  });
});
