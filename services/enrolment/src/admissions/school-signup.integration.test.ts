import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { SIGNUP_RECEIVED_MESSAGE } from '@cuota/contracts/enrolment/signup';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_signup');
}, 60_000);
afterAll(() => h?.stop());

const visitor: IdentityClaims = { kind: 'anonymous' };
const UNKNOWN_SCHOOL = '00000000-0000-4000-8000-000000000001';
const signup = (body: unknown, school = h.demo.school_id) =>
  h.call(visitor, `/api/v1/schools/${school}/signup/`, { method: 'POST', json: body });

let n = 0;
const family = (extra: Record<string, unknown> = {}) => {
  n += 1;
  return {
    guardian: { first_name: 'Lucía', last_name: `Registro ${n}`, email: `lucia${n}@example.mx` },
    students: [
      { first_name: 'Pablo', last_name: `Registro ${n}`, level: 'elementary' },
      { first_name: 'Inés', last_name: `Registro ${n}`, level: 'pre-school' },
    ],
    privacy_accepted: true,
    ...extra,
  };
};
const leadsOf = (email: string) =>
  h.count(
    'students s JOIN student_guardians sg ON sg.student_id = s.id JOIN guardians g ON g.id = sg.guardian_id',
    `lower(g.email) = '${email}' AND s.status = 'lead'`,
  );

describe('POST /api/v1/schools/{id}/signup/ (the store, signed out)', () => {
  test('each child becomes a lead of the board, linked to the guardian who wrote', async () => {
    const body = family();
    const res = await signup(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: SIGNUP_RECEIVED_MESSAGE,
      registered: 2,
      lead_ids: [expect.any(String), expect.any(String)],
    });
    expect(await leadsOf(body.guardian.email)).toBe(2);
    // The answer names the leads it registered (the store links a guest's purchase to them).
    const ids = (res.body.lead_ids as string[]).map((id) => `'${id}'`).join(', ');
    expect(await h.count('students', `id IN (${ids}) AND status = 'lead'`)).toBe(2);
    const { data: event } = await h.published(
      'enrolment.student.created',
      (d) => d.last_name === body.students[1]!.last_name && d.first_name === 'Inés',
    );
    expect(event).toMatchObject({ status: 'lead', level: 'pre-school' });
    const board = await h.call(
      h.staff('ADMISSIONS'),
      `/api/v1/dashboard/schools/${h.demo.school_id}/inscriptions/?search=${encodeURIComponent(body.guardian.last_name)}`,
    );
    expect(board.status).toBe(200);
    expect(board.body.results[0].guardian_names).toEqual([`Lucía ${body.guardian.last_name}`]);
    expect(board.body.count).toBe(2);
  });

  test('sending the same form again registers nobody twice; a new child is added', async () => {
    const body = family();
    const first = (await signup(body)).body;
    expect(first.registered).toBe(2);
    // The same person again: nobody new, the same leads named.
    expect((await signup(body)).body).toEqual({
      message: SIGNUP_RECEIVED_MESSAGE,
      registered: 0,
      lead_ids: first.lead_ids,
    });
    const more = {
      ...body,
      students: [
        ...body.students,
        { first_name: 'Tomás', last_name: 'Registro', level: 'pre-school' },
      ],
    };
    expect((await signup(more)).body.registered).toBe(1);
    expect(await leadsOf(body.guardian.email)).toBe(3);
    expect(await h.count('guardians', `lower(email) = '${body.guardian.email}'`)).toBe(1);
  });

  test('concurrent double submissions register the family once', async () => {
    const body = family();
    const answers = await Promise.all([signup(body), signup(body), signup(body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.body.registered).sort()).toEqual([0, 0, 2]);
    expect(await leadsOf(body.guardian.email)).toBe(2);
  });

  test("an enrolled family's e-mail never reaches their record: a new prospect is created", async () => {
    const dependents = () => h.count('student_guardians', `guardian_id = '${h.demo.guardian_id}'`);
    const existing = await dependents();
    const body = family({
      guardian: { first_name: 'Alguien', last_name: 'Más', email: h.demo.guardian_email },
    });
    expect((await signup(body)).status).toBe(201);
    expect(await dependents()).toBe(existing);
    expect(await h.count('guardians', `lower(email) = '${h.demo.guardian_email}'`)).toBe(2);
  });

  test('bad input is a Spanish 400 and writes nothing', async () => {
    const before = await h.count('students');
    const cases = [
      [{ ...family(), privacy_accepted: false }, 'Acepta el aviso de privacidad para continuar.'],
      [{ ...family(), students: [] }, 'Agrega al menos un alumno.'],
      [
        { ...family(), guardian: { first_name: 'A', last_name: 'B', email: 'no' } },
        'Escribe un correo válido.',
      ],
      [{ ...family(), students: [{ first_name: 'A', last_name: 'B', level: 'university' }] }, null],
      [{ ...family(), role: 'OWNER' }, null],
    ] as const;
    for (const [body, message] of cases) {
      const res = await signup(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      if (message) expect(JSON.stringify(res.body.error)).toContain(message);
    }
    const unoffered = await signup({
      ...family(),
      students: [{ first_name: 'A', last_name: 'B', level: 'university', section_id: null }],
    });
    expect(unoffered.status).toBe(400);
    expect(await h.count('students')).toBe(before);
  });

  test('an unknown, paused or closed school is a 404 and writes nothing', async () => {
    const before = await h.count('guardians');
    expect((await signup(family(), UNKNOWN_SCHOOL)).status).toBe(404);
    await h.changeSchool(h.demo.school_id, { status: 'paused' });
    try {
      const res = await signup(family());
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('No encontramos esta escuela.');
    } finally {
      await h.changeSchool(h.demo.school_id, { status: 'operando' });
    }
    expect(await h.count('guardians')).toBe(before);
  });
});

describe('what a signed-out store visitor may read', () => {
  test("the public school's level and section pickers and its logo route", async () => {
    const levels = await h.call(visitor, `/api/v1/schools/${h.demo.school_id}/levels/`);
    expect(levels.status).toBe(200);
    expect(levels.body.map((l: { level: string }) => l.level)).toContain('elementary');
    const sections = await h.call(visitor, `/api/v1/schools/${h.demo.school_id}/sections/`);
    expect(sections.status).toBe(200);
    expect(sections.body.length).toBeGreaterThan(0);
  });

  test('nothing private: the school profile, students, guardians and staff rows refuse', async () => {
    const paths = [
      `/api/v1/schools/${h.demo.school_id}/`,
      `/api/v1/students/?school_id=${h.demo.school_id}`,
      `/api/v1/guardians/${h.demo.guardian_id}/`,
      `/api/v1/guardians/me/`,
      `/api/v1/dashboard/schools/${h.demo.school_id}/students/`,
      `/api/v1/dashboard/schools/${h.demo.school_id}/admins/`,
      `/api/v2/dashboard/schools/${h.demo.school_id}/students_by_level/`,
    ];
    for (const path of paths) {
      const res = await h.call(visitor, path);
      // 401 where the endpoint's definition needs a signed-in caller (decideAccess).
      expect([401, 403, 404]).toContain(res.status);
      expect(res.text).not.toContain(h.demo.guardian_email);
    }
  });

  test('a paused school shows visitors nothing', async () => {
    await h.changeSchool(h.demo.school_id, { status: 'paused' });
    try {
      expect((await h.call(visitor, `/api/v1/schools/${h.demo.school_id}/levels/`)).status).toBe(
        404,
      );
      const asStaff = await h.call(h.staff('OWNER'), `/api/v1/schools/${h.demo.school_id}/levels/`);
      expect(asStaff.status).toBe(200);
    } finally {
      await h.changeSchool(h.demo.school_id, { status: 'operando' });
    }
  });
});
