import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_sections');
}, 60_000);
afterAll(() => h?.stop());

const AC = '/academic-coordinator/sections/';
const demoLevels = async (): Promise<Json[]> =>
  (await h.call(h.staff('OWNER'), `/api/v1/dashboard/schools/${h.demo.school_id}/levels/`)).body;
const levelId = async (level: string) => (await demoLevels()).find((l) => l.level === level).id;
const sectionsOf = async (level: string): Promise<Json[]> =>
  (await demoLevels()).find((l) => l.level === level).sections;

describe('levels', () => {
  const path = (schoolId: string) => `/api/v1/schools/${schoolId}/levels/`;

  test('the level picker: the five levels with Spanish labels and grades, for families too', async () => {
    const res = await h.call(h.guardian(), path(h.demo.school_id));
    expect(res.status).toBe(200);
    expect(res.body.map((l: Json) => [l.label, l.grades.length])).toEqual([
      ['Preescolar', 3],
      ['Primaria', 6],
      ['Secundaria', 3],
      ['Preparatoria', 6],
      ['Universidad', 10],
    ]);
    expect((await h.call(h.staff('OTHER'), path(h.demo.school_id))).status).toBe(200);
    // An operating school's pickers are public (the store); one still onboarding is not.
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), path(h.demo.school_id))).status).toBe(
      200,
    );
    expect((await h.call(h.guardian(), path(h.otherSchoolId))).status).toBe(404);
  });

  test('a school starts offering a level once; unknown levels are 400', async () => {
    const owner = h.staff('OWNER', h.otherSchoolId);
    const created = await h.call(owner, path(h.otherSchoolId), {
      method: 'POST',
      json: { level: 'pre-school' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ level: 'pre-school', name: 'Preescolar', position: 0 });
    const before = await h.count('levels');
    const again = await h.call(owner, path(h.otherSchoolId), {
      method: 'POST',
      json: { level: 'pre-school' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('La escuela ya ofrece Preescolar.');
    const unknown = await h.call(owner, path(h.otherSchoolId), {
      method: 'POST',
      json: { level: 'kinder' },
    });
    expect(unknown.status).toBe(400);
    expect(await h.count('levels')).toBe(before);
  });

  test('a role without levels.write is 403; another school is 404', async () => {
    const before = await h.count('levels');
    const post = (as: Json, schoolId: string) =>
      h.call(as, path(schoolId), { method: 'POST', json: { level: 'high' } });
    expect((await post(h.staff('ADMISSIONS', h.otherSchoolId), h.otherSchoolId)).status).toBe(403);
    expect((await post(h.guardian(), h.demo.school_id)).status).toBe(403);
    expect((await post(h.staff('OWNER'), h.otherSchoolId)).status).toBe(404);
    expect(await h.count('levels')).toBe(before);
  });

  test('dashboard levels carry their sections with student counts', async () => {
    const res = await h.call(
      h.staff('CASH_COLLECTION'),
      `/api/v1/dashboard/schools/${h.demo.school_id}/levels/`,
    );
    expect(res.status).toBe(200);
    const elementary = res.body.find((l: Json) => l.level === 'elementary');
    expect(elementary.sections.map((s: Json) => s.name)).toEqual(
      expect.arrayContaining(['1° A', '1° B', '6° A']),
    );
    const total = res.body
      .flatMap((l: Json) => l.sections)
      .reduce((n: number, s: Json) => n + s.students, 0);
    expect(total).toBe(
      await h.count('students', `school_id = '${h.demo.school_id}' AND section_id IS NOT NULL`),
    );
    const path = `/api/v1/dashboard/schools/${h.demo.school_id}/levels/`;
    expect((await h.call(h.guardian(), path)).status).toBe(403);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), path)).status).toBe(404);
  });
});

describe('section reads', () => {
  test('GET /api/v1/schools/{id}/sections/ filters by level; a bad filter is 400', async () => {
    const path = `/api/v1/schools/${h.demo.school_id}/sections/`;
    const res = await h.call(h.guardian(), `${path}?level=middle`);
    expect(res.status).toBe(200);
    expect(res.body.map((s: Json) => s.name)).toEqual(['1° A', '2° A', '3° A']);
    expect(res.body.every((s: Json) => s.level === 'middle')).toBe(true);
    const bad = await h.call(h.guardian(), `${path}?level=kinder`);
    expect(bad.status).toBe(400);
    expect(
      (await h.call(h.guardian(), `/api/v1/schools/${h.otherSchoolId}/sections/`)).status,
    ).toBe(404);
  });

  test('dashboard sections search by name; list_by_school needs a school', async () => {
    const res = await h.call(
      h.staff('OTHER'),
      `/api/v1/dashboard/schools/${h.demo.school_id}/sections/?search=1%C2%B0%20B`,
    );
    expect(res.body.map((s: Json) => `${s.level} ${s.name}`)).toEqual(['elementary 1° B']);
    const all = await h.call(
      h.staff('OTHER'),
      `${AC}list_by_school/?school_id=${h.demo.school_id}`,
    );
    expect(all.status).toBe(200);
    expect(all.body.length).toBe(await h.count('sections', `school_id = '${h.demo.school_id}'`));
    expect((await h.call(h.staff('OTHER'), `${AC}list_by_school/`)).status).toBe(400);
    const stranger = h.staff('OWNER', h.otherSchoolId);
    expect(
      (await h.call(stranger, `${AC}list_by_school/?school_id=${h.demo.school_id}`)).status,
    ).toBe(404);
    expect(
      (await h.call(h.guardian(), `${AC}list_by_school/?school_id=${h.demo.school_id}`)).status,
    ).toBe(403);
  });

  test('form_data: offered levels with grades and sections, and all five levels', async () => {
    const res = await h.call(
      h.staff('OWNER', h.otherSchoolId),
      `${AC}form_data/?school_id=${h.otherSchoolId}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.levels).toEqual([
      expect.objectContaining({ level: 'pre-school', grades: [1, 2, 3], sections: [] }),
    ]);
    expect(res.body.education_levels.filter((l: Json) => l.offered)).toEqual([
      { level: 'pre-school', label: 'Preescolar', offered: true },
    ]);
    expect(res.body.education_levels).toHaveLength(5);
    expect(
      (await h.call(h.staff('OWNER'), `${AC}form_data/?school_id=${h.otherSchoolId}`)).status,
    ).toBe(404);
  });
});

describe('section writes', () => {
  test('create, update and update_from_form', async () => {
    const elementary = await levelId('elementary');
    const created = await h.call(h.staff('ADMINISTRATIVE_DIRECTOR'), AC, {
      method: 'POST',
      json: {
        school_id: h.demo.school_id,
        level_id: elementary,
        name: '2° B',
        grade: 2,
        capacity: 30,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: '2° B',
      grade: 2,
      capacity: 30,
      students: 0,
      level: 'elementary',
    });

    const updated = await h.call(h.staff('OWNER'), `${AC}${created.body.id}/`, {
      method: 'PUT',
      json: { level_id: elementary, name: '2° Azul', grade: 2, capacity: 28 },
    });
    expect(updated.body).toMatchObject({ name: '2° Azul', capacity: 28 });

    const fromForm = await h.call(h.staff('OWNER'), `${AC}${created.body.id}/update_from_form/`, {
      method: 'PUT',
      json: { level_id: elementary, grade: '3', group: 'C', capacity: '' },
    });
    expect(fromForm.status).toBe(400);
    const fixed = await h.call(h.staff('OWNER'), `${AC}${created.body.id}/update_from_form/`, {
      method: 'PUT',
      json: { level_id: elementary, grade: 3, group: 'C', capacity: null },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ name: '3° C', grade: 3, capacity: null });
  });

  test('duplicates, grades beyond the level and unknown fields are refused; nothing written', async () => {
    const elementary = await levelId('elementary');
    const before = await h.count('sections');
    const post = (json: unknown) => h.call(h.staff('OWNER'), AC, { method: 'POST', json });
    const duplicate = await post({
      school_id: h.demo.school_id,
      level_id: elementary,
      name: '1° A',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe('Ya existe el grupo 1° A en Primaria.');
    const middle = await levelId('middle');
    const grade = await post({
      school_id: h.demo.school_id,
      level_id: middle,
      name: '4° A',
      grade: 4,
    });
    expect(grade.status).toBe(400);
    expect(grade.body.error.details[0].message).toBe('Secundaria tiene grados del 1 al 3.');
    expect(
      (await post({ school_id: h.demo.school_id, level_id: elementary, name: '' })).status,
    ).toBe(400);
    expect(
      (await post({ school_id: h.demo.school_id, level_id: elementary, name: 'X', color: 'rojo' }))
        .status,
    ).toBe(400);
    expect(await h.count('sections')).toBe(before);
  });

  test('form_data POST creates several groups of one grade, all or none', async () => {
    const middle = await levelId('middle');
    const before = await h.count('sections');
    const post = (groups: string[]) =>
      h.call(h.staff('OWNER'), `${AC}form_data/`, {
        method: 'POST',
        json: { school_id: h.demo.school_id, level_id: middle, grade: 1, groups, capacity: 25 },
      });
    const clash = await post(['B', 'A']);
    expect(clash.status).toBe(409);
    expect(await h.count('sections')).toBe(before);
    const repeated = await post(['B', 'b']);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error.details[0].message).toBe('Hay grupos repetidos.');
    const res = await post(['B', 'C']);
    expect(res.status).toBe(201);
    expect(res.body.map((s: Json) => s.name)).toEqual(['1° B', '1° C']);
    expect(await h.count('sections')).toBe(before + 2);
  });

  test('another school: its level or section is 404; a role without levels.write is 403', async () => {
    const theirLevel = (
      await h.call(
        h.staff('OWNER', h.otherSchoolId),
        `${AC}form_data/?school_id=${h.otherSchoolId}`,
      )
    ).body.levels[0].id;
    const before = await h.count('sections');
    const wrongLevel = await h.call(h.staff('OWNER'), AC, {
      method: 'POST',
      json: { school_id: h.demo.school_id, level_id: theirLevel, name: '1° Z' },
    });
    expect(wrongLevel.status).toBe(404);
    const mine = (await sectionsOf('high'))[0];
    const stranger = h.staff('OWNER', h.otherSchoolId);
    const body = { level_id: mine.level_id, name: 'Robado', grade: null, capacity: null };
    expect((await h.call(stranger, `${AC}${mine.id}/`, { method: 'PUT', json: body })).status).toBe(
      404,
    );
    expect((await h.call(stranger, `${AC}${mine.id}/`, { method: 'DELETE' })).status).toBe(404);
    expect(
      (await h.call(h.staff('TREASURER'), `${AC}${mine.id}/`, { method: 'PUT', json: body }))
        .status,
    ).toBe(403);
    expect(
      (
        await h.call(h.staff('ADMISSIONS'), AC, {
          method: 'POST',
          json: { school_id: h.demo.school_id, level_id: mine.level_id, name: '2° A' },
        })
      ).status,
    ).toBe(403);
    expect(await h.count('sections')).toBe(before);
    expect((await sectionsOf('high'))[0].name).toBe(mine.name);
  });
});

describe('deleting sections', () => {
  const emptySection = async (name: string) => {
    const res = await h.call(h.staff('OWNER'), AC, {
      method: 'POST',
      json: { school_id: h.demo.school_id, level_id: await levelId('high'), name },
    });
    return res.body.id as string;
  };

  test('a section with students is a Spanish 409; an empty one goes', async () => {
    const busy = (await sectionsOf('elementary')).find((s) => s.students > 0);
    const refused = await h.call(h.staff('OWNER'), `${AC}${busy.id}/`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(
      new RegExp(`^No se puede eliminar el grupo ${busy.name}: tiene ${busy.students} alumno`),
    );
    const empty = await emptySection('Optativa 1');
    expect((await h.call(h.staff('OWNER'), `${AC}${empty}/`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await h.call(h.staff('OWNER'), `${AC}${empty}/`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(
      (await h.call(h.staff('ACCOUNTANT'), `${AC}${busy.id}/`, { method: 'DELETE' })).status,
    ).toBe(403);
  });

  test('bulk_delete: all or nothing, naming each blocking section', async () => {
    const a = await emptySection('Optativa A');
    const b = await emptySection('Optativa B');
    const busy = (await sectionsOf('pre-school')).filter((s) => s.students > 0).slice(0, 2);
    const before = await h.count('sections');
    const post = (ids: string[], as = h.staff('OWNER')) =>
      h.call(as, `${AC}bulk_delete/`, {
        method: 'POST',
        json: { school_id: h.demo.school_id, section_ids: ids },
      });
    const blocked = await post([a, ...busy.map((s) => s.id), b]);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toBe(
      'No se eliminó ningún grupo: 2 tienen alumnos asignados. Cámbialos de grupo primero.',
    );
    expect(blocked.body.error.details.map((d: Json) => d.path).sort()).toEqual(
      busy.map((s) => s.id).sort(),
    );
    expect(blocked.body.error.details[0].message).toMatch(
      /\(Preescolar\) tiene \d+ alumnos? asignados?\./,
    );
    expect(await h.count('sections')).toBe(before);

    expect((await post([])).status).toBe(400);
    expect((await post([a], h.staff('CASH_COLLECTION'))).status).toBe(403);
    const theirs = (
      await h.call(
        h.staff('OWNER', h.otherSchoolId),
        `${AC}form_data/?school_id=${h.otherSchoolId}`,
      )
    ).body.levels[0].id;
    const theirSection = await h.call(h.staff('OWNER', h.otherSchoolId), AC, {
      method: 'POST',
      json: { school_id: h.otherSchoolId, level_id: theirs, name: '1° A' },
    });
    expect((await post([a, theirSection.body.id])).status).toBe(404);
    expect(
      (
        await h.call(h.staff('OWNER', h.otherSchoolId), `${AC}bulk_delete/`, {
          method: 'POST',
          json: { school_id: h.demo.school_id, section_ids: [a] },
        })
      ).status,
    ).toBe(404);
    expect(await h.count('sections')).toBe(before + 1);

    const done = await post([a, b]);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ deleted: 2 });
    expect(await h.count('sections')).toBe(before - 1);
  });
});
