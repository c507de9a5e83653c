import { sql } from 'drizzle-orm';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from './test-support/enrolment-harness';

/**
 * The four cases every enrolment row needs (happy path, bad input, a forbidden role,
 * another school), for the rows whose own suites lacked one. Each case checks what the
 * caller would notice: the status, the Spanish message, and that nothing was written or
 * leaked. Row by row, the audit is in docs/enrolment-endpoint-tests.md.
 */
let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_audit');
}, 60_000);
afterAll(() => h?.stop());

const FORBIDDEN = 'Tu rol no tiene permiso para realizar esta acción en esta escuela.';
const UNKNOWN = 'No encontramos lo que buscas.';
const stranger = () => h.staff('OWNER', h.otherSchoolId);

/** Demo data the tables below point at, read once. */
interface Fixture {
  school: string;
  student: string;
  studentName: string;
  guardian: string;
  lead: string;
  leadGuardian: string;
  cycle: string;
  section: string;
  level: string;
}
let f: Fixture;
beforeAll(async () => {
  const school = h.demo.school_id;
  const me = (await h.call(h.guardian(), '/api/v1/guardians/me/')).body;
  const lead = await h.call(h.staff('ADMISSIONS'), '/api/v1/admissions/create_lead/', {
    method: 'POST',
    json: {
      school_id: school,
      level: 'elementary',
      first_name: 'Auditoría',
      last_name: 'Interesada',
      guardians: [{ first_name: 'Rosa', last_name: 'Auditora', email: 'rosa.audit@example.mx' }],
    },
  });
  expect(lead.status).toBe(201);
  const cycles = (await h.call(h.staff('OWNER'), `/api/v1/dashboard/schools/${school}/cycles/`))
    .body;
  const levels = (await h.call(h.staff('OWNER'), `/api/v1/dashboard/schools/${school}/levels/`))
    .body;
  f = {
    school,
    student: me.dependents[0].id,
    studentName: me.dependents[0].first_name,
    guardian: h.demo.guardian_id,
    lead: lead.body.id,
    leadGuardian: lead.body.guardians[0].id,
    cycle: cycles[0].id,
    level: levels[1].id,
    section: levels[1].sections[0].id,
  };
}, 30_000);

/** Everything a refused call could have changed, to compare before and after. */
async function snapshot() {
  const { rows } = await h.service.db.execute<Json>(sql`
    SELECT (SELECT count(*) FROM students)::int AS students,
           (SELECT count(*) FROM guardians)::int AS guardians,
           (SELECT count(*) FROM sections)::int AS sections,
           (SELECT count(*) FROM levels)::int AS levels,
           (SELECT count(*) FROM school_cycles)::int AS cycles,
           (SELECT count(*) FROM student_status_changes)::int AS status_changes,
           (SELECT count(*) FROM outbox_events)::int AS events,
           (SELECT max(updated_at) FROM students) AS students_updated,
           (SELECT max(updated_at) FROM guardians) AS guardians_updated,
           (SELECT max(updated_at) FROM schools) AS schools_updated,
           (SELECT string_agg(name, ',' ORDER BY id) FROM levels) AS level_names,
           (SELECT string_agg(name, ',' ORDER BY id) FROM sections) AS section_names`);
  return rows[0];
}

describe('a NUL character in any text is a Spanish 400, not a 500; nothing written', () => {
  // PostgreSQL text cannot hold U+0000: each of these was a 500 (insert, update or ILIKE).
  const NUL = 'A\u0000B';
  const rows: [string, string, () => string, () => unknown, string][] = [
    [
      'PATCH a level',
      'PATCH',
      () => `/api/v1/schools/${f.school}/levels/${f.level}/`,
      () => ({ name: NUL }),
      'name',
    ],
    [
      'POST a section',
      'POST',
      () => '/academic-coordinator/sections/',
      () => ({ school_id: f.school, level_id: f.level, name: NUL }),
      'name',
    ],
    [
      'PATCH a student',
      'PATCH',
      () => `/api/v1/students/${f.student}/`,
      () => ({ first_name: NUL }),
      'first_name',
    ],
    [
      'POST a student',
      'POST',
      () => '/api/v1/students/',
      () => ({ school_id: f.school, level: 'elementary', first_name: NUL, last_name: 'X' }),
      'first_name',
    ],
    [
      'PATCH a guardian',
      'PATCH',
      () => `/api/v1/guardians/${f.guardian}/`,
      () => ({ billing_name: NUL }),
      'billing_name',
    ],
    [
      'PATCH the school',
      'PATCH',
      () => `/api/v1/dashboard/schools/${f.school}/`,
      () => ({ name: NUL }),
      'name',
    ],
    [
      'create_lead',
      'POST',
      () => '/api/v1/admissions/create_lead/',
      () => ({
        school_id: f.school,
        level: 'elementary',
        first_name: 'Ana',
        last_name: 'X',
        guardians: [{ first_name: NUL, last_name: 'B' }],
      }),
      'guardians.0.first_name',
    ],
    [
      'create_guardian',
      'POST',
      () => '/api/v1/admissions/create_guardian/',
      () => ({ school_id: f.school, first_name: NUL, last_name: 'B' }),
      'first_name',
    ],
    [
      'a status move',
      'POST',
      () => `/api/v1/dashboard/students/${f.student}/status/`,
      () => ({ status: 'inactive', reason: NUL }),
      'reason',
    ],
    [
      'signup',
      'POST',
      () => `/api/v1/schools/${f.school}/signup/`,
      () => ({ guardian: { first_name: NUL } }),
      'guardian.first_name',
    ],
  ];
  test.each(rows)('%s', async (_what, method, path, json, field) => {
    const before = await snapshot();
    const res = await h.call(h.staff('OWNER'), path(), { method, json: json() });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Revisa los datos enviados en el cuerpo de la solicitud.');
    expect(res.body.error.details).toEqual([
      { path: field, message: 'El texto contiene un carácter no válido.' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  const searches: [string, () => string][] = [
    [
      'students_by_level',
      () => `/api/v2/dashboard/schools/${f.school}/students_by_level/?search=%00`,
    ],
    [
      'the v1 students group row',
      () => `/api/v1/dashboard/students/?school_id=${f.school}&search=%00`,
    ],
    ['school guardians', () => `/api/v1/dashboard/schools/${f.school}/guardians/?search=%00`],
    [
      'the admissions board',
      () => `/api/v1/dashboard/schools/${f.school}/inscriptions/?status=lead&search=%00`,
    ],
    ['dashboard sections', () => `/api/v1/dashboard/schools/${f.school}/sections/?search=%00`],
    ['the section picker', () => `/api/v1/schools/${f.school}/sections/?search=%00`],
  ];
  test.each(searches)('a search of %s', async (_what, path) => {
    const res = await h.call(h.staff('OWNER'), path());
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos enviados en los parámetros de la solicitud.',
      details: [{ path: 'search', message: 'El texto contiene un carácter no válido.' }],
    });
  });
});

describe('an id that cannot exist is a Spanish 404 on every row, never a 500', () => {
  const X = 'no-es-un-id';
  const rows: [string, string][] = [
    ['GET', `/api/v1/schools/${X}/`],
    ['GET', `/api/v1/schools/${X}/levels/`],
    ['GET', `/api/v1/schools/${X}/sections/`],
    ['POST', `/api/v1/schools/${X}/signup/`],
    ['GET', `/api/v1/students/${X}/`],
    ['PUT', `/api/v1/students/${X}/`],
    ['GET', `/api/v1/guardians/${X}/`],
    ['PUT', `/api/v1/guardians/${X}/`],
    ['GET', `/api/v2/dashboard/schools/${X}/students_by_level/`],
    ['GET', `/api/v2/dashboard/schools/${X}/students_by_level/filters/`],
    ['GET', `/api/v2/schools/school_cycle/${X}/`],
    ['PUT', `/api/v2/students/${X}/upload_photo/`],
    ['POST', `/api/v4/dashboard/trigger-save-action/guardians/${X}/`],
    ['POST', `/api/v4/dashboard/trigger-save-action/students/${X}/`],
    ['GET', `/academic-coordinator/school_cycles/${X}/`],
    ['PUT', `/academic-coordinator/sections/${X}/update_from_form/`],
    ['GET', `/academic-coordinator/students/${X}/inscriptions/`],
    ['GET', `/api/v1/admissions/check_payments/${X}/`],
    ['DELETE', `/api/v1/admissions/delete_guardian/${X}/`],
    ['DELETE', `/api/v1/admissions/delete_student/${X}/`],
    ['GET', `/api/v1/admissions/guardian/${X}/`],
    ['POST', `/api/v1/admissions/link_guardian/${X}/`],
    ['GET', `/api/v1/admissions/student_lead/${X}/`],
    ['PUT', `/api/v1/admissions/update_guardian/${X}/`],
    ['GET', `/api/v1/dashboard/schools/${X}/cycles/`],
    ['GET', `/api/v1/dashboard/schools/${X}/guardians/`],
    ['GET', `/api/v1/dashboard/schools/${X}/inscriptions/`],
    ['GET', `/api/v1/dashboard/schools/${X}/attributes/`],
    ['PATCH', `/api/v1/dashboard/schools/${X}/`],
    ['PATCH', `/api/v1/dashboard/students/${X}/reactivate/`],
    ['POST', `/api/v1/dashboard/students/${X}/status/`],
    ['GET', `/api/v1/dashboard/students/${X}/guardians/`],
    ['GET', `/api/v1/internal/importer/${X}/`],
  ];
  test.each(rows)('%s %s', async (method, path) => {
    const res = await h.call(h.staff('OWNER'), path, {
      method,
      json: method === 'GET' ? undefined : {},
    });
    expect(res.status).toBe(404);
    // The generic message, or the record's own (as for an unknown id of the right shape).
    expect(res.body.error.message).toMatch(/^No encontramos /);
  });

  test('ids of the school but of the wrong kind: a cycle of the path, a guardian of portal_url', async () => {
    const cycles = `/api/v1/dashboard/schools/${f.school}/cycles/`;
    for (const [path, message] of [
      // The record's own message, as for an unknown id of the right shape.
      [`${cycles}${X}/validate_activate/`, 'No encontramos este ciclo escolar.'],
      [`/api/v1/dashboard/schools/${f.school}/guardians/${X}/portal_url/`, UNKNOWN],
    ] as const) {
      const res = await h.call(h.staff('OWNER'), path);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(message);
    }
  });
});

describe('happy paths the suites lacked', () => {
  test('PUT /api/v1/guardians/{id}/ replaces every field; staff with guardians.write may', async () => {
    const path = `/api/v1/guardians/${f.leadGuardian}/`;
    const res = await h.call(h.staff('ADMISSIONS'), path, {
      method: 'PUT',
      json: {
        first_name: 'Rosa María',
        last_name: 'Auditora',
        email: null,
        phone: '81 1234 5678',
        billing_name: 'Rosa María Auditora',
        tax_id: null,
        tax_zip_code: '64000',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Rosa María',
      email: null,
      billing_name: 'Rosa María Auditora',
      tax_zip_code: '64000',
    });
    expect((await h.call(h.staff('OWNER'), path)).body).toMatchObject({ email: null });
  });

  test('GET /api/v1/guardians/{id}/: a guardian reads themselves', async () => {
    const res = await h.call(h.guardian(), `/api/v1/guardians/${f.guardian}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: f.guardian, guardian_hash: h.demo.guardian_hash });
  });
});

describe('a role without the permission: 403 in Spanish, nothing written', () => {
  const full = {
    first_name: 'Nadie',
    last_name: 'X',
    email: null,
    phone: null,
    billing_name: null,
    tax_id: null,
    tax_zip_code: null,
  };
  const rows: [string, () => Json, string, () => string, (() => unknown)?][] = [
    [
      'PUT a student (CASH_COLLECTION)',
      () => h.staff('CASH_COLLECTION'),
      'PUT',
      () => `/api/v1/students/${f.student}/`,
      () => ({ first_name: 'Nadie' }),
    ],
    [
      'PUT a guardian (ACCOUNTANT)',
      () => h.staff('ACCOUNTANT'),
      'PUT',
      () => `/api/v1/guardians/${f.guardian}/`,
      () => full,
    ],
    [
      'reactivate (ADMISSIONS)',
      () => h.staff('ADMISSIONS'),
      'PATCH',
      () => `/api/v1/dashboard/students/${f.student}/reactivate/`,
      () => ({}),
    ],
    [
      'a status move (TREASURER)',
      () => h.staff('TREASURER'),
      'POST',
      () => `/api/v1/dashboard/students/${f.student}/status/`,
      () => ({ status: 'graduated' }),
    ],
    [
      'assign_billing (OTHER)',
      () => h.staff('OTHER'),
      'PATCH',
      () => '/api/v1/guardians/assign_billing/',
      () => ({ student_id: f.student, guardian_id: f.guardian }),
    ],
    [
      'trigger-save-action of a student (OTHER)',
      () => h.staff('OTHER'),
      'POST',
      () => `/api/v4/dashboard/trigger-save-action/students/${f.student}/`,
    ],
    [
      'applicant (TREASURER)',
      () => h.staff('TREASURER'),
      'POST',
      () => `/api/v1/admissions/student_lead/${f.lead}/applicant/`,
      () => ({}),
    ],
    [
      'inscribe (TREASURER)',
      () => h.staff('TREASURER'),
      'POST',
      () => `/api/v1/admissions/student_lead/${f.lead}/inscribe/`,
      () => ({}),
    ],
    [
      'link_guardian (OTHER)',
      () => h.staff('OTHER'),
      'POST',
      () => `/api/v1/admissions/link_guardian/${f.guardian}/`,
      () => ({ student_id: f.lead }),
    ],
    [
      'PATCH the school (ADMISSIONS)',
      () => h.staff('ADMISSIONS'),
      'PATCH',
      () => `/api/v1/dashboard/schools/${f.school}/`,
      () => ({ name: 'Otra' }),
    ],
    [
      'update_from_form (OTHER)',
      () => h.staff('OTHER'),
      'PUT',
      () => `/academic-coordinator/sections/${f.section}/update_from_form/`,
      () => ({ level_id: f.level, grade: 1, group: 'Z', capacity: null }),
    ],
  ];
  // A rest parameter: jest reads a declared fifth argument as `done` on four-cell rows.
  test.each(rows)('%s', async (...row) => {
    const [, as, method, path, json] = row;
    const before = await snapshot();
    const res = await h.call(as(), path(), { method, json: json?.() });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(FORBIDDEN);
    expect(await snapshot()).toEqual(before);
  });

  const reads: [string, () => Json, () => string][] = [
    [
      'validate_activate (a guardian)',
      () => h.guardian(),
      () => `/api/v1/dashboard/schools/${f.school}/cycles/${f.cycle}/validate_activate/`,
    ],
    [
      'school_cycles list (a guardian)',
      () => h.guardian(),
      () => `/academic-coordinator/school_cycles/?school_id=${f.school}`,
    ],
    [
      'students_by_level/filters (a guardian)',
      () => h.guardian(),
      () => `/api/v2/dashboard/schools/${f.school}/students_by_level/filters/`,
    ],
    [
      'the v1 guardians group row (OTHER)',
      () => h.staff('OTHER'),
      () => `/api/v1/dashboard/guardians/?school_id=${f.school}`,
    ],
    [
      "a student's guardians (OTHER)",
      () => h.staff('OTHER'),
      () => `/api/v1/dashboard/students/${f.student}/guardians/`,
    ],
    [
      'a lead (CASH_COLLECTION)',
      () => h.staff('CASH_COLLECTION'),
      () => `/api/v1/admissions/student_lead/${f.lead}/`,
    ],
    ['a guardian (OTHER)', () => h.staff('OTHER'), () => `/api/v1/guardians/${f.guardian}/`],
    [
      'form_data (a guardian)',
      () => h.guardian(),
      () => `/academic-coordinator/sections/form_data/?school_id=${f.school}`,
    ],
    [
      'dashboard sections (a guardian)',
      () => h.guardian(),
      () => `/api/v1/dashboard/schools/${f.school}/sections/`,
    ],
    [
      'the v1 students of the school (a guardian)',
      () => h.guardian(),
      () => `/api/v1/dashboard/schools/${f.school}/students/`,
    ],
    [
      'the v1 students group row (a guardian)',
      () => h.guardian(),
      () => `/api/v1/dashboard/students/?school_id=${f.school}`,
    ],
    [
      'an admission guardian (TREASURER)',
      () => h.staff('TREASURER'),
      () => `/api/v1/admissions/guardian/${f.leadGuardian}/`,
    ],
  ];
  test.each(reads)('%s', async (_what, as, path) => {
    const res = await h.call(as(), path());
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(JSON.stringify(res.body)).not.toContain(f.studentName);
  });
});

describe("another school's member: 404, nothing leaked, nothing written", () => {
  const rows: [string, string, () => string, (() => unknown)?][] = [
    [
      'PUT a student',
      'PUT',
      () => `/api/v1/students/${f.student}/`,
      // Every field: input is checked before the record's school (a partial PUT is a 400).
      () => ({
        first_name: 'Robado',
        last_name: 'X',
        gender: null,
        birth_date: null,
        nationality: 'MX',
        curp: null,
        level: 'elementary',
        section_id: null,
        enrolment_code: null,
      }),
    ],
    [
      'PUT a guardian',
      'PUT',
      () => `/api/v1/guardians/${f.guardian}/`,
      () => ({
        first_name: 'Robado',
        last_name: 'X',
        email: null,
        phone: null,
        billing_name: null,
        tax_id: null,
        tax_zip_code: null,
      }),
    ],
    [
      'reactivate',
      'PATCH',
      () => `/api/v1/dashboard/students/${f.student}/reactivate/`,
      () => ({}),
    ],
    [
      'a status move',
      'POST',
      () => `/api/v1/dashboard/students/${f.student}/status/`,
      () => ({ status: 'graduated' }),
    ],
    [
      'assign_billing',
      'PATCH',
      () => '/api/v1/guardians/assign_billing/',
      () => ({ student_id: f.student, guardian_id: f.guardian }),
    ],
    [
      'trigger-save-action of a student',
      'POST',
      () => `/api/v4/dashboard/trigger-save-action/students/${f.student}/`,
    ],
    ['applicant', 'POST', () => `/api/v1/admissions/student_lead/${f.lead}/applicant/`, () => ({})],
    ['inscribe', 'POST', () => `/api/v1/admissions/student_lead/${f.lead}/inscribe/`, () => ({})],
    ['delete_guardian', 'DELETE', () => `/api/v1/admissions/delete_guardian/${f.leadGuardian}/`],
    [
      'update_from_form',
      'PUT',
      () => `/academic-coordinator/sections/${f.section}/update_from_form/`,
      () => ({ level_id: f.level, grade: 1, group: 'Z', capacity: null }),
    ],
    [
      'POST a section into our level',
      'POST',
      () => '/academic-coordinator/sections/',
      () => ({ school_id: f.school, level_id: f.level, name: 'Z' }),
    ],
    [
      'PATCH our school',
      'PATCH',
      () => `/api/v1/dashboard/schools/${f.school}/`,
      () => ({ name: 'Robada' }),
    ],
  ];
  test.each(rows)('%s', async (...row) => {
    const [, method, path, json] = row;
    const before = await snapshot();
    const res = await h.call(stranger(), path(), { method, json: json?.() });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(f.studentName);
    expect(await snapshot()).toEqual(before);
  });

  const reads: [string, () => string][] = [
    ['a student', () => `/api/v1/students/${f.student}/`],
    ['a guardian', () => `/api/v1/guardians/${f.guardian}/`],
    ['the v1 students group row', () => `/api/v1/dashboard/students/?school_id=${f.school}`],
    ['the v1 guardians group row', () => `/api/v1/dashboard/guardians/?school_id=${f.school}`],
    ["a student's guardians", () => `/api/v1/dashboard/students/${f.student}/guardians/`],
    [
      'validate_activate of our cycle',
      () => `/api/v1/dashboard/schools/${f.school}/cycles/${f.cycle}/validate_activate/`,
    ],
    ['dashboard sections', () => `/api/v1/dashboard/schools/${f.school}/sections/`],
    ['the v1 students of our school', () => `/api/v1/dashboard/schools/${f.school}/students/`],
    ['our portal cycle', () => `/api/v2/schools/school_cycle/${f.cycle}/`],
    ["a student's photo", () => `/api/v2/students/${f.student}/photo/`],
    ['a lead', () => `/api/v1/admissions/student_lead/${f.lead}/`],
  ];
  test.each(reads)('%s', async (_what, path) => {
    const res = await h.call(stranger(), path());
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(f.studentName);
  });
});

describe('rows the tables above do not reach', () => {
  test('PUT /api/v1/students/{id}/: staff replace every field of the lead', async () => {
    const res = await h.call(h.staff('ADMISSIONS'), `/api/v1/students/${f.lead}/`, {
      method: 'PUT',
      json: {
        first_name: 'Auditoría',
        last_name: 'Reemplazada',
        gender: 'F',
        birth_date: '2018-03-04',
        nationality: 'MX',
        curp: null,
        level: 'elementary',
        section_id: null,
        enrolment_code: 'AUD-1',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      last_name: 'Reemplazada',
      birth_date: '2018-03-04',
      enrolment_code: 'AUD-1',
    });
  });

  test.each([
    [
      'PUT a section without its name',
      'PUT',
      () => `/academic-coordinator/sections/${f.section}/`,
      () => ({ level_id: f.level, grade: 1, capacity: null }),
    ],
    [
      'form_data without school_id',
      'GET',
      () => '/academic-coordinator/sections/form_data/',
      () => undefined,
    ],
    [
      'the v1 students of the school, a page of 5000',
      'GET',
      () => `/api/v1/dashboard/schools/${f.school}/students/?page_size=5000`,
      () => undefined,
    ],
    [
      'the v1 students group row without school_id',
      'GET',
      () => '/api/v1/dashboard/students/',
      () => undefined,
    ],
  ])('%s is a Spanish 400; nothing written', async (_what, method, path, json) => {
    const before = await snapshot();
    const res = await h.call(h.staff('OWNER'), path(), { method, json: json() });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.message).toMatch(
      /^Revisa los datos enviados en (el cuerpo|los parámetros) de la solicitud\.$/,
    );
    expect(await snapshot()).toEqual(before);
  });

  test('form_data POST: a role without levels.write is 403, another school 404; nothing written', async () => {
    const before = await snapshot();
    const batch = { school_id: f.school, level_id: f.level, grade: 1, groups: ['Y'] };
    const post = (as: Json) =>
      h.call(as, '/academic-coordinator/sections/form_data/', { method: 'POST', json: batch });
    const forbidden = await post(h.staff('ADMISSIONS'));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(FORBIDDEN);
    expect((await post(stranger())).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
