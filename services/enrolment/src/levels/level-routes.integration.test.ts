import { sql } from 'drizzle-orm';
import { waitFor } from '@cuota/testing/wait-for';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_levels');
}, 60_000);
afterAll(() => h?.stop());

const levelsPath = (schoolId: string) => `/api/v1/schools/${schoolId}/levels/`;
const levelPath = (schoolId: string, levelId: string) => `${levelsPath(schoolId)}${levelId}/`;
const dashboardLevels = async (schoolId: string, as = h.staff('OWNER', schoolId)) =>
  (await h.call(as, `/api/v1/dashboard/schools/${schoolId}/levels/`)).body as Json[];
const demoLevel = async (level: string) =>
  (await dashboardLevels(h.demo.school_id)).find((l) => l.level === level);
const levelRow = async (id: string) =>
  (
    await h.service.db.execute<Json>(
      sql`SELECT name, position, active FROM levels WHERE id = ${id}`,
    )
  ).rows[0];

/** Waits until the relay has put an event of `type` whose data matches on JetStream. */
const published = (type: string, data: Json) =>
  waitFor(async () => {
    const event = await h.lastEvent(type);
    expect(event?.data).toMatchObject(data);
    return event;
  });

/** The neighbour school offers a level of its own, with one empty group. */
async function neighbourLevel(level: string) {
  const owner = h.staff('OWNER', h.otherSchoolId);
  const created = await h.call(owner, levelsPath(h.otherSchoolId), {
    method: 'POST',
    json: { level },
  });
  expect(created.status).toBe(201);
  const section = await h.call(owner, '/academic-coordinator/sections/', {
    method: 'POST',
    json: { school_id: h.otherSchoolId, level_id: created.body.id, name: '1° A', grade: 1 },
  });
  expect(section.status).toBe(201);
  return { level: created.body as Json, sectionId: section.body.id as string };
}

describe('PATCH /api/v1/schools/{id}/levels/{level}/', () => {
  test('renames a level; the dashboard and the event show the new name', async () => {
    const high = await demoLevel('high');
    const res = await h.call(
      h.staff('ADMINISTRATIVE_DIRECTOR'),
      levelPath(h.demo.school_id, high.id),
      {
        method: 'PATCH',
        json: { name: '  Licenciatura  ' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: high.id, name: 'Licenciatura', active: true });
    expect((await demoLevel('high')).name).toBe('Licenciatura');
    await published('enrolment.level.updated', {
      level_id: high.id,
      school_id: h.demo.school_id,
      level: 'high',
      name: 'Licenciatura',
    });
  });

  test('moves a level: the others shift and every position is renumbered', async () => {
    const before = await dashboardLevels(h.demo.school_id);
    const last = before.at(-1);
    const res = await h.call(h.staff('OWNER'), levelPath(h.demo.school_id, last.id), {
      method: 'PATCH',
      json: { position: 0 },
    });
    expect(res.status).toBe(200);
    const after = await dashboardLevels(h.demo.school_id);
    expect(after.map((l) => l.id)).toEqual([last.id, ...before.slice(0, -1).map((l) => l.id)]);
    expect(after.map((l) => l.position)).toEqual([0, 1, 2, 3, 4]);
    // Sections follow their level's order.
    const sections = await h.call(
      h.staff('OWNER'),
      `/academic-coordinator/sections/list_by_school/?school_id=${h.demo.school_id}`,
    );
    expect(sections.body[0].level).toBe(last.level);
    // Back where it was (past the end means last).
    await h.call(h.staff('OWNER'), levelPath(h.demo.school_id, last.id), {
      method: 'PATCH',
      json: { position: 4 },
    });
    expect((await dashboardLevels(h.demo.school_id)).map((l) => l.id)).toEqual(
      before.map((l) => l.id),
    );
  });

  test('an inactive level leaves the public pickers but stays on the dashboard', async () => {
    const middle = await demoLevel('middle');
    const off = await h.call(h.staff('OWNER'), levelPath(h.demo.school_id, middle.id), {
      method: 'PATCH',
      json: { active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    await published('enrolment.level.updated', { level_id: middle.id, active: false });
    const picker = await h.call(h.guardian(), levelsPath(h.demo.school_id));
    expect(picker.body.map((l: Json) => l.level)).not.toContain('middle');
    const groups = await h.call(h.guardian(), `/api/v1/schools/${h.demo.school_id}/sections/`);
    expect(groups.body.some((s: Json) => s.level === 'middle')).toBe(false);
    expect(await demoLevel('middle')).toMatchObject({ active: false });
    expect((await demoLevel('middle')).sections.length).toBe(middle.sections.length);

    await h.call(h.staff('OWNER'), levelPath(h.demo.school_id, middle.id), {
      method: 'PATCH',
      json: { active: true },
    });
    const back = await h.call(h.guardian(), levelsPath(h.demo.school_id));
    expect(back.body.map((l: Json) => l.level)).toContain('middle');
  });

  test.each([
    ['an empty body', {}, 'Indica qué cambiar del nivel: nombre, posición o si está activo.'],
    ['a one-letter name', { name: 'X' }, 'Escribe el nombre del nivel.'],
    ['a negative position', { position: -1 }, 'Elige una posición válida.'],
    ['a position as text', { position: 'primero' }, 'Elige una posición válida.'],
    ['active as text', { active: 'no' }, 'Indica si el nivel está activo.'],
    ['an unknown field', { level: 'high' }, expect.any(String)],
  ])('%s is a Spanish 400 and nothing changes', async (_case, json, message) => {
    const elementary = await demoLevel('elementary');
    const before = await levelRow(elementary.id);
    const res = await h.call(h.staff('OWNER'), levelPath(h.demo.school_id, elementary.id), {
      method: 'PATCH',
      json,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Revisa los datos enviados en el cuerpo de la solicitud.');
    expect(res.body.error.details[0].message).toEqual(message);
    expect(await levelRow(elementary.id)).toEqual(before);
  });

  test('a name another level has is a Spanish 409', async () => {
    const elementary = await demoLevel('elementary');
    const res = await h.call(h.staff('OWNER'), levelPath(h.demo.school_id, elementary.id), {
      method: 'PATCH',
      json: { name: 'preescolar' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Ya hay un nivel llamado preescolar en la escuela.');
    expect((await levelRow(elementary.id)).name).toBe('Primaria');
  });

  test('a role without levels.write is 403; another school or its level is 404', async () => {
    const elementary = await demoLevel('elementary');
    const { level: theirs } = await neighbourLevel('elementary');
    const patch = (as: Json, schoolId: string, levelId: string) =>
      h.call(as, levelPath(schoolId, levelId), { method: 'PATCH', json: { name: 'Robado' } });
    for (const role of ['TREASURER', 'ADMISSIONS', 'ACCOUNTANT', 'OTHER'] as const) {
      const res = await patch(h.staff(role), h.demo.school_id, elementary.id);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
      );
    }
    expect((await patch(h.guardian(), h.demo.school_id, elementary.id)).status).toBe(403);
    // Their owner, on our school's path; our owner, naming their level under our school.
    const stranger = await patch(
      h.staff('OWNER', h.otherSchoolId),
      h.demo.school_id,
      elementary.id,
    );
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain('Primaria');
    const crossed = await patch(h.staff('OWNER'), h.demo.school_id, theirs.id);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.message).toBe('No encontramos este nivel en la escuela.');
    expect((await patch(h.staff('OWNER'), h.demo.school_id, 'no-es-uuid')).status).toBe(404);
    expect((await levelRow(elementary.id)).name).toBe('Primaria');
    expect((await levelRow(theirs.id)).name).toBe('Primaria');
  });
});

describe('DELETE /api/v1/schools/{id}/levels/{level}/', () => {
  test('a level without students goes with its empty groups; events for both', async () => {
    const { level, sectionId } = await neighbourLevel('middle');
    const owner = h.staff('OWNER', h.otherSchoolId);
    const res = await h.call(owner, levelPath(h.otherSchoolId, level.id), { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await h.count('levels', `id = '${level.id}'`)).toBe(0);
    expect(await h.count('sections', `id = '${sectionId}'`)).toBe(0);
    await published('enrolment.level.deleted', {
      level_id: level.id,
      school_id: h.otherSchoolId,
    });
    await published('enrolment.section.deleted', {
      section_id: sectionId,
      school_id: h.otherSchoolId,
      level_id: level.id,
    });
    const again = await h.call(owner, levelPath(h.otherSchoolId, level.id), { method: 'DELETE' });
    expect(again.status).toBe(404);
    // It can be offered again afterwards.
    const reoffer = await h.call(owner, levelsPath(h.otherSchoolId), {
      method: 'POST',
      json: { level: 'middle' },
    });
    expect(reoffer.status).toBe(201);
  });

  test('a level whose groups have students is a 409 naming them; nothing is deleted', async () => {
    const middle = await demoLevel('middle');
    const busy = middle.sections.filter((s: Json) => s.students > 0);
    expect(busy.length).toBeGreaterThan(1);
    const [levels, sections] = [await h.count('levels'), await h.count('sections')];
    const res = await h.call(h.staff('OWNER'), levelPath(h.demo.school_id, middle.id), {
      method: 'DELETE',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(
      /^No se puede eliminar Secundaria: los grupos 1° A, 2° A(,| y) .*tienen alumnos\. Cambia a sus alumnos de nivel o desactiva el nivel para dejar de ofrecerlo\.$/,
    );
    expect(res.body.error.details.map((d: Json) => d.path).sort()).toEqual(
      busy.map((s: Json) => s.id).sort(),
    );
    expect(res.body.error.details[0].message).toMatch(/^\d° A tiene \d+ alumnos?\.$/);
    expect([await h.count('levels'), await h.count('sections')]).toEqual([levels, sections]);
  });

  test('students without a group (leads) block it too, counted in the message', async () => {
    const { level } = await neighbourLevel('high');
    await h.service.db.execute(
      sql`INSERT INTO students (school_id, level_id, first_name, last_name, status)
          VALUES (${h.otherSchoolId}, ${level.id}, 'Ana', 'Interesada', 'lead'),
                 (${h.otherSchoolId}, ${level.id}, 'Luis', 'Interesado', 'lead')`,
    );
    const res = await h.call(
      h.staff('OWNER', h.otherSchoolId),
      levelPath(h.otherSchoolId, level.id),
      { method: 'DELETE' },
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'No se puede eliminar Universidad: 2 alumnos sin grupo. Cambia a sus alumnos de nivel o desactiva el nivel para dejar de ofrecerlo.',
    );
    expect(res.body.error.details).toEqual([
      {
        path: 'students',
        message: '2 alumnos de Universidad sin grupo (interesados, aspirantes o sin asignar).',
      },
    ]);
    expect(await h.count('levels', `id = '${level.id}'`)).toBe(1);
  });

  test('a role without levels.write is 403; another school or its level is 404', async () => {
    const elementary = await demoLevel('elementary');
    const otherLevels = await dashboardLevels(h.otherSchoolId);
    const theirs = otherLevels[0];
    const before = await h.count('levels');
    const del = (as: Json, schoolId: string, levelId: string) =>
      h.call(as, levelPath(schoolId, levelId), { method: 'DELETE' });
    for (const role of ['CASH_COLLECTION', 'ADMISSIONS'] as const)
      expect((await del(h.staff(role, h.otherSchoolId), h.otherSchoolId, theirs.id)).status).toBe(
        403,
      );
    expect(
      (await del(h.staff('OWNER', h.otherSchoolId), h.demo.school_id, elementary.id)).status,
    ).toBe(404);
    expect((await del(h.staff('OWNER'), h.demo.school_id, theirs.id)).status).toBe(404);
    expect((await del(h.staff('OWNER'), h.otherSchoolId, theirs.id)).status).toBe(404);
    expect(await h.count('levels')).toBe(before);
  });
});

describe('events of levels and sections', () => {
  test('creating a level and creating, updating, deleting a section publish their events', async () => {
    const owner = h.staff('OWNER', h.otherSchoolId);
    const created = await h.call(owner, levelsPath(h.otherSchoolId), {
      method: 'POST',
      json: { level: 'middle-high', name: 'Bachillerato' },
    });
    await published('enrolment.level.created', {
      level_id: created.body.id,
      school_id: h.otherSchoolId,
      level: 'middle-high',
      name: 'Bachillerato',
      position: 3,
      active: true,
    });
    const AC = '/academic-coordinator/sections/';
    const [a, b] = (
      await h.call(owner, `${AC}form_data/`, {
        method: 'POST',
        json: {
          school_id: h.otherSchoolId,
          level_id: created.body.id,
          grade: 2,
          groups: ['A', 'B'],
        },
      })
    ).body as Json[];
    await published('enrolment.section.created', {
      section_id: b.id,
      school_id: h.otherSchoolId,
      level_id: created.body.id,
      level: 'middle-high',
      name: '2° B',
      grade: 2,
      capacity: null,
    });
    await h.call(owner, `${AC}${a.id}/`, {
      method: 'PUT',
      json: { level_id: created.body.id, name: '2° Azul', grade: 2, capacity: 30 },
    });
    await published('enrolment.section.updated', {
      section_id: a.id,
      name: '2° Azul',
      capacity: 30,
    });
    await h.call(owner, `${AC}bulk_delete/`, {
      method: 'POST',
      json: { school_id: h.otherSchoolId, section_ids: [a.id, b.id] },
    });
    const deleted = await waitFor(async () => {
      const event = await h.lastEvent('enrolment.section.deleted');
      return [a.id, b.id].includes(event?.data.section_id) ? event : null;
    });
    expect(deleted.data).toMatchObject({ school_id: h.otherSchoolId, level_id: created.body.id });
  });
});
