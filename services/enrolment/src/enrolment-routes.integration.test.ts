import { PERMISSIONS } from '@cuota/contracts/access/permissions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from './test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_routes');
}, 60_000);
afterAll(() => h?.stop());

const studentCount = () => h.count('students');

describe('students', () => {
  const list = `/api/v1/students/?school_id=`;

  test('staff page through their school in SQL order, with search', async () => {
    const page = await h.call(
      h.staff('ACCOUNTANT'),
      `${list}${h.demo.school_id}&page=2&page_size=10`,
    );
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(await studentCount());
    expect(page.body.results).toHaveLength(10);
    const surname = h.demo.guardian_name.split(' ')[1]!;
    const found = await h.call(
      h.staff('OWNER'),
      `${list}${h.demo.school_id}&search=${encodeURIComponent(surname)}`,
    );
    expect(found.body.results.length).toBeGreaterThan(0);
    for (const s of found.body.results) expect(s.last_name).toContain(surname);
  });

  test('another school, a guardian or no token: nothing leaks', async () => {
    expect(
      (await h.call(h.staff('OWNER', h.otherSchoolId), `${list}${h.demo.school_id}`)).status,
    ).toBe(404);
    expect((await h.call(h.guardian(), `${list}${h.demo.school_id}`)).status).toBe(403);
    expect((await h.call(null, `${list}${h.demo.school_id}`)).status).toBe(401);
  });

  test('a bad query is a Spanish 400', async () => {
    const res = await h.call(h.staff('OWNER'), `${list}${h.demo.school_id}&page_size=5000`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Revisa/);
  });

  const newStudent = (extra: Record<string, unknown> = {}) => ({
    school_id: h.demo.school_id,
    level: 'elementary',
    first_name: 'Lucía',
    last_name: 'Prueba Registro',
    ...extra,
  });

  test('admissions registers a student: stored, answered and published once', async () => {
    const before = await studentCount();
    const res = await h.call(h.staff('ADMISSIONS'), '/api/v1/students/', {
      method: 'POST',
      json: newStudent(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      first_name: 'Lucía',
      level: 'elementary',
      status: 'new_student',
    });
    expect(await studentCount()).toBe(before + 1);
    await h.published('enrolment.student.created', (d) => d.student_id === res.body.id);
  });

  test('a role without the permission, unknown fields or a wrong level write nothing', async () => {
    const before = await studentCount();
    const post = (as: IdentityClaims, body: unknown) =>
      h.call(as, '/api/v1/students/', { method: 'POST', json: body });
    const forbidden = await post(h.staff('CASH_COLLECTION'), newStudent());
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(
      'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
    );
    expect((await post(h.staff('OWNER'), newStudent({ is_admin: true }))).status).toBe(400);
    expect((await post(h.staff('OWNER'), newStudent({ level: 'kinder' }))).status).toBe(400);
    expect((await post(h.staff('OWNER', h.otherSchoolId), newStudent())).status).toBe(404);
    const badGuardian = await post(
      h.staff('OWNER'),
      newStudent({ billing_guardian_id: h.demo.guardian_id }),
    );
    expect(badGuardian.status).toBe(400);
    expect(badGuardian.body.error.details[0].message).toMatch(/tutor de facturación/);
    expect(await studentCount()).toBe(before);
  });

  test("a guardian reads their own dependent but not another family's", async () => {
    const me = await h.call(h.guardian(), '/api/v1/guardians/me/');
    const mine = me.body.dependents[0].id as string;
    expect((await h.call(h.guardian(), `/api/v1/students/${mine}/`)).status).toBe(200);
    const others = await h.call(h.staff('OWNER'), `${list}${h.demo.school_id}&page_size=200`);
    const stranger = others.body.results.find(
      (s: { id: string }) => !me.body.dependents.some((d: { id: string }) => d.id === s.id),
    );
    expect((await h.call(h.guardian(), `/api/v1/students/${stranger.id}/`)).status).toBe(404);
    expect((await h.call(h.guardian(), '/api/v1/students/not-a-uuid/')).status).toBe(404);
  });
});

describe('guardians, staff and schools', () => {
  test('guardian.me lists dependents with guardians and the billing guardian (spec §3)', async () => {
    const me = await h.call(h.guardian(), '/api/v1/guardians/me/');
    expect(me.status).toBe(200);
    expect(me.body.dependents.map((d: Json) => `${d.first_name} ${d.last_name}`).sort()).toEqual(
      [...h.demo.dependent_names].sort(),
    );
    for (const d of me.body.dependents) {
      expect(d.billing_guardian).toEqual({ id: h.demo.guardian_id });
      const billing = d.guardians.find((g: Json) => g.id === h.demo.guardian_id);
      expect(billing.tax_id).toMatch(/^[A-Z]{4}\d{6}/);
    }
    expect((await h.call(h.staff('OWNER'), '/api/v1/guardians/me/')).status).toBe(403);
  });

  test('a guardian reads only themselves; the sign-in look-up is for the BFF only', async () => {
    expect(
      (await h.call(h.guardian(), `/api/v1/guardians/${h.demo.other_guardian_id}/`)).status,
    ).toBe(404);
    expect(
      (await h.call(h.staff('OWNER'), `/api/v1/guardians/${h.demo.other_guardian_id}/`)).status,
    ).toBe(200);
    const byHash = `/internal/guardians/by-hash/${h.demo.guardian_hash}`;
    expect((await h.call(h.bff, byHash)).body.id).toBe(h.demo.guardian_id);
    expect((await h.call(h.guardian(), byHash)).status).toBe(403);
    expect((await h.call(h.bff, `/internal/guardians/by-hash/${'x'.repeat(43)}`)).status).toBe(404);
  });

  test('staff authenticate: right password, wrong password, wrong caller', async () => {
    const owner = h.demo.staff.find((s) => s.role === 'OWNER')!;
    const auth = (as: IdentityClaims, password: string) =>
      h.call(as, '/internal/staff/authenticate', {
        method: 'POST',
        json: { email: owner.email.toUpperCase(), password },
      });
    const ok = await auth(h.bff, h.demo.staff_password);
    expect(ok.status).toBe(200);
    expect(ok.body.memberships).toEqual([
      {
        school_id: h.demo.school_id,
        school_name: h.demo.school_name,
        role: 'OWNER',
        permissions: [...PERMISSIONS],
      },
    ]);
    const wrong = await auth(h.bff, 'otra-contraseña');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('El correo o la contraseña no son correctos.');
    expect((await auth(h.staff('OWNER'), h.demo.staff_password)).status).toBe(403);
    const me = await h.call(
      {
        kind: 'staff',
        user_id: ok.body.id,
        memberships: [{ school_id: h.demo.school_id, role: 'OWNER' }],
      },
      '/api/v1/users/me/',
    );
    expect(me.body).toEqual(ok.body);
  });

  test('a school is visible to its staff and families only', async () => {
    const path = `/api/v1/schools/${h.demo.school_id}/`;
    const mine = await h.call(h.staff('TREASURER'), path);
    expect(mine.body).toMatchObject({ name: h.demo.school_name, status: 'operando' });
    expect(mine.body.levels.map((l: Json) => l.name)).toEqual([
      'Preescolar',
      'Primaria',
      'Secundaria',
      'Preparatoria',
      'Universidad',
    ]);
    expect((await h.call(h.guardian(), path)).status).toBe(200);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), path)).status).toBe(404);
  });

  test('portal features by audience', async () => {
    const forGuardian = (await h.call(h.guardian(), '/internal/portal-features')).body;
    const forStaff = (await h.call(h.staff('OWNER'), '/internal/portal-features')).body;
    expect(forGuardian).toEqual(['invoices', 'payments', 'store']);
    expect(forStaff).toContain('scholarships');
  });
});
