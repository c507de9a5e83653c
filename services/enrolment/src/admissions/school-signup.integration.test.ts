import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { SIGNUP_RECEIVED_MESSAGE } from '@cuota/contracts/enrolment/signup';
import {
  call,
  countRows,
  OTHER_SCHOOL,
  publishedEvent,
  staff,
  startHarness,
  stopHarness,
  type Harness,
} from './test-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('enrolment_signup');
}, 60_000);
afterAll(() => stopHarness(h));

const visitor: IdentityClaims = { kind: 'anonymous' };
const signup = (body: unknown, school = h.demo.school_id) =>
  call(h, visitor, `/api/v1/schools/${school}/signup/`, { method: 'POST', json: body });

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
  countRows(
    h,
    'students s JOIN student_guardians sg ON sg.student_id = s.id JOIN guardians g ON g.id = sg.guardian_id',
    `lower(g.email) = '${email}' AND s.status = 'lead'`,
  );

describe('POST /api/v1/schools/{id}/signup/ (the store, signed out)', () => {
  test('each child becomes a lead of the board, linked to the guardian who wrote', async () => {
    const body = family();
    const res = await signup(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: SIGNUP_RECEIVED_MESSAGE, registered: 2 });
    expect(await leadsOf(body.guardian.email)).toBe(2);
    const event = await publishedEvent(
      h,
      'enrolment.student.created',
      (d) => d.last_name === body.students[1]!.last_name && d.first_name === 'Inés',
    );
    expect(event).toMatchObject({ status: 'lead', level: 'pre-school' });
    const board = await call(
      h,
      staff(h, 'ADMISSIONS'),
      `/api/v1/dashboard/schools/${h.demo.school_id}/inscriptions/?search=${encodeURIComponent(body.guardian.last_name)}`,
    );
    expect(board.status).toBe(200);
    expect(board.body.results[0].guardian_names).toEqual([`Lucía ${body.guardian.last_name}`]);
    expect(board.body.count).toBe(2);
  });

  test('sending the same form again registers nobody twice; a new child is added', async () => {
    const body = family();
    expect((await signup(body)).body.registered).toBe(2);
    expect((await signup(body)).body).toEqual({ message: SIGNUP_RECEIVED_MESSAGE, registered: 0 });
    const more = {
      ...body,
      students: [
        ...body.students,
        { first_name: 'Tomás', last_name: 'Registro', level: 'pre-school' },
      ],
    };
    expect((await signup(more)).body.registered).toBe(1);
    expect(await leadsOf(body.guardian.email)).toBe(3);
    expect(await countRows(h, 'guardians', `lower(email) = '${body.guardian.email}'`)).toBe(1);
  });

  test('concurrent double submissions register the family once', async () => {
    const body = family();
    const answers = await Promise.all([signup(body), signup(body), signup(body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.body.registered).sort()).toEqual([0, 0, 2]);
    expect(await leadsOf(body.guardian.email)).toBe(2);
  });

  test("an enrolled family's e-mail never reaches their record: a new prospect is created", async () => {
    const existing = await h.service.db.execute<{ n: number }>(
      `SELECT count(*)::int AS n FROM student_guardians WHERE guardian_id = '${h.demo.guardian_id}'` as never,
    );
    const body = family({
      guardian: { first_name: 'Alguien', last_name: 'Más', email: h.demo.guardian_email },
    });
    expect((await signup(body)).status).toBe(201);
    const after = await h.service.db.execute<{ n: number }>(
      `SELECT count(*)::int AS n FROM student_guardians WHERE guardian_id = '${h.demo.guardian_id}'` as never,
    );
    expect(after.rows[0]!.n).toBe(existing.rows[0]!.n);
    expect(await countRows(h, 'guardians', `lower(email) = '${h.demo.guardian_email}'`)).toBe(2);
  });

  test('bad input is a Spanish 400 and writes nothing', async () => {
    const before = await countRows(h, 'students');
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
    expect(await countRows(h, 'students')).toBe(before);
  });

  test('an unknown, paused or closed school is a 404 and writes nothing', async () => {
    const before = await countRows(h, 'guardians');
    expect((await signup(family(), OTHER_SCHOOL)).status).toBe(404);
    await h.service.db.execute(
      `UPDATE schools SET status = 'paused' WHERE id = '${h.demo.school_id}'` as never,
    );
    try {
      const res = await signup(family());
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('No encontramos esta escuela.');
    } finally {
      await h.service.db.execute(
        `UPDATE schools SET status = 'operando' WHERE id = '${h.demo.school_id}'` as never,
      );
    }
    expect(await countRows(h, 'guardians')).toBe(before);
  });
});

describe('what a signed-out store visitor may read', () => {
  test("the public school's level and section pickers and its logo route", async () => {
    const levels = await call(h, visitor, `/api/v1/schools/${h.demo.school_id}/levels/`);
    expect(levels.status).toBe(200);
    expect(levels.body.map((l: { level: string }) => l.level)).toContain('elementary');
    const sections = await call(h, visitor, `/api/v1/schools/${h.demo.school_id}/sections/`);
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
      const res = await call(h, visitor, path);
      // 401 where the endpoint's definition needs a signed-in caller (decideAccess).
      expect([401, 403, 404]).toContain(res.status);
      expect(res.text).not.toContain(h.demo.guardian_email);
    }
  });

  test('a paused school shows visitors nothing', async () => {
    await h.service.db.execute(
      `UPDATE schools SET status = 'paused' WHERE id = '${h.demo.school_id}'` as never,
    );
    try {
      expect((await call(h, visitor, `/api/v1/schools/${h.demo.school_id}/levels/`)).status).toBe(
        404,
      );
      const asStaff = await call(
        h,
        staff(h, 'OWNER'),
        `/api/v1/schools/${h.demo.school_id}/levels/`,
      );
      expect(asStaff.status).toBe(200);
    } finally {
      await h.service.db.execute(
        `UPDATE schools SET status = 'operando' WHERE id = '${h.demo.school_id}'` as never,
      );
    }
  });
});
