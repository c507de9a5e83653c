import { jetstreamManager } from '@nats-io/jetstream';
import { sql } from 'drizzle-orm';
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import { PERMISSIONS } from '@cuota/contracts/enrolment/permissions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { streamOf } from '@cuota/messaging/naming';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { waitFor } from '@cuota/testing/wait-for';
import { enrolmentService } from './enrolment-service';
import type * as schema from './schema';
import { seedDemoSchool } from './seed/demo-school';

/** Response bodies are checked field by field, as a client would read them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let database: TestDatabase;
let ns: TestNamespace;
let identity: Awaited<ReturnType<typeof createTestIdentity>>;
let service: RunningService<typeof schema>;
let demo: DemoAccess;

beforeAll(async () => {
  [database, ns, identity] = await Promise.all([
    createTestDatabase('enrolment_routes'),
    createTestNamespace(),
    createTestIdentity(),
  ]);
  service = await startService(
    enrolmentService,
    {
      port: 0,
      databaseUrl: database.url,
      natsUrl: NATS_URL,
      natsPrefix: ns.prefix,
      identityPublicJwk: identity.keys.publicJwk,
      logLevel: 'silent',
    },
    createLogger('enrolment', 'silent'),
  );
  demo = await seedDemoSchool(service.db);
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await ns?.dispose();
  await database?.drop();
});

const OTHER_SCHOOL = '00000000-0000-4000-8000-000000000001';
const staff = (role: string, schoolId = demo.school_id): IdentityClaims => ({
  kind: 'staff',
  user_id: '00000000-0000-4000-8000-0000000000aa',
  memberships: [{ school_id: schoolId, role: role as 'OWNER' }],
});
const guardian = (): IdentityClaims => ({
  kind: 'guardian',
  guardian_id: demo.guardian_id,
  school_ids: [demo.school_id],
});
const bff: IdentityClaims = { kind: 'service', service: 'bff' };

async function call(as: IdentityClaims | null, path: string, init: RequestInit = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (as) headers.authorization = `Bearer ${await identity.sign(as)}`;
  const res = await fetch(new URL(path, service.url), { ...init, headers });
  return { status: res.status, body: (await res.json()) as Json };
}

const studentCount = async () =>
  (await service.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM students`)).rows[0]!
    .n;

describe('students', () => {
  const list = `/api/v1/students/?school_id=`;

  test('staff page through their school in SQL order, with search', async () => {
    const page = await call(staff('ACCOUNTANT'), `${list}${demo.school_id}&page=2&page_size=10`);
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(await studentCount());
    expect(page.body.results).toHaveLength(10);
    const surname = demo.guardian_name.split(' ')[1]!;
    const found = await call(
      staff('OWNER'),
      `${list}${demo.school_id}&search=${encodeURIComponent(surname)}`,
    );
    expect(found.body.results.length).toBeGreaterThan(0);
    for (const s of found.body.results) expect(s.last_name).toContain(surname);
  });

  test('another school, a guardian or no token: nothing leaks', async () => {
    expect((await call(staff('OWNER', OTHER_SCHOOL), `${list}${demo.school_id}`)).status).toBe(404);
    expect((await call(guardian(), `${list}${demo.school_id}`)).status).toBe(403);
    expect((await call(null, `${list}${demo.school_id}`)).status).toBe(401);
  });

  test('a bad query is a Spanish 400', async () => {
    const res = await call(staff('OWNER'), `${list}${demo.school_id}&page_size=5000`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Revisa/);
  });

  const newStudent = (extra: Record<string, unknown> = {}) => ({
    school_id: demo.school_id,
    level: 'elementary',
    first_name: 'Lucía',
    last_name: 'Prueba Registro',
    ...extra,
  });

  test('admissions registers a student: stored, answered and published once', async () => {
    const before = await studentCount();
    const res = await call(staff('ADMISSIONS'), '/api/v1/students/', {
      method: 'POST',
      body: JSON.stringify(newStudent()),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      first_name: 'Lucía',
      level: 'elementary',
      status: 'new_student',
    });
    expect(await studentCount()).toBe(before + 1);
    const jsm = await jetstreamManager(ns.nc);
    await waitFor(async () => {
      const msg = await jsm.streams
        .getMessage(streamOf(ns, 'ENROLMENT'), {
          last_by_subj: `${ns.prefix}.enrolment.student.created`,
        })
        .catch(() => null);
      return msg?.json<{ data: { student_id: string } }>().data.student_id === res.body.id;
    });
  });

  test('a role without the permission, unknown fields or a wrong level write nothing', async () => {
    const before = await studentCount();
    const post = (as: IdentityClaims, body: unknown) =>
      call(as, '/api/v1/students/', { method: 'POST', body: JSON.stringify(body) });
    const forbidden = await post(staff('CASH_COLLECTION'), newStudent());
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(
      'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
    );
    expect((await post(staff('OWNER'), newStudent({ is_admin: true }))).status).toBe(400);
    expect((await post(staff('OWNER'), newStudent({ level: 'kinder' }))).status).toBe(400);
    expect((await post(staff('OWNER', OTHER_SCHOOL), newStudent())).status).toBe(404);
    const badGuardian = await post(
      staff('OWNER'),
      newStudent({ billing_guardian_id: demo.guardian_id }),
    );
    expect(badGuardian.status).toBe(400);
    expect(badGuardian.body.error.details[0].message).toMatch(/tutor de facturación/);
    expect(await studentCount()).toBe(before);
  });

  test("a guardian reads their own dependent but not another family's", async () => {
    const me = await call(guardian(), '/api/v1/guardians/me/');
    const mine = me.body.dependents[0].id as string;
    expect((await call(guardian(), `/api/v1/students/${mine}/`)).status).toBe(200);
    const others = await call(staff('OWNER'), `${list}${demo.school_id}&page_size=200`);
    const stranger = others.body.results.find(
      (s: { id: string }) => !me.body.dependents.some((d: { id: string }) => d.id === s.id),
    );
    expect((await call(guardian(), `/api/v1/students/${stranger.id}/`)).status).toBe(404);
    expect((await call(guardian(), '/api/v1/students/not-a-uuid/')).status).toBe(404);
  });
});

describe('guardians, staff and schools', () => {
  test('guardian.me lists dependents with guardians and the billing guardian (spec §3)', async () => {
    const me = await call(guardian(), '/api/v1/guardians/me/');
    expect(me.status).toBe(200);
    expect(me.body.dependents.map((d: Json) => `${d.first_name} ${d.last_name}`).sort()).toEqual(
      [...demo.dependent_names].sort(),
    );
    for (const d of me.body.dependents) {
      expect(d.billing_guardian).toEqual({ id: demo.guardian_id });
      const billing = d.guardians.find((g: Json) => g.id === demo.guardian_id);
      expect(billing.tax_id).toMatch(/^[A-Z]{4}\d{6}/);
    }
    expect((await call(staff('OWNER'), '/api/v1/guardians/me/')).status).toBe(403);
  });

  test('a guardian reads only themselves; the sign-in look-up is for the BFF only', async () => {
    expect((await call(guardian(), `/api/v1/guardians/${demo.other_guardian_id}/`)).status).toBe(
      404,
    );
    expect(
      (await call(staff('OWNER'), `/api/v1/guardians/${demo.other_guardian_id}/`)).status,
    ).toBe(200);
    const byHash = `/internal/guardians/by-hash/${demo.guardian_hash}`;
    expect((await call(bff, byHash)).body.id).toBe(demo.guardian_id);
    expect((await call(guardian(), byHash)).status).toBe(403);
    expect((await call(bff, `/internal/guardians/by-hash/${'x'.repeat(43)}`)).status).toBe(404);
  });

  test('staff authenticate: right password, wrong password, wrong caller', async () => {
    const owner = demo.staff.find((s) => s.role === 'OWNER')!;
    const auth = (as: IdentityClaims, password: string) =>
      call(as, '/internal/staff/authenticate', {
        method: 'POST',
        body: JSON.stringify({ email: owner.email.toUpperCase(), password }),
      });
    const ok = await auth(bff, demo.staff_password);
    expect(ok.status).toBe(200);
    expect(ok.body.memberships).toEqual([
      {
        school_id: demo.school_id,
        school_name: demo.school_name,
        role: 'OWNER',
        permissions: [...PERMISSIONS],
      },
    ]);
    const wrong = await auth(bff, 'otra-contraseña');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe('El correo o la contraseña no son correctos.');
    expect((await auth(staff('OWNER'), demo.staff_password)).status).toBe(403);
    const me = await call(
      {
        kind: 'staff',
        user_id: ok.body.id,
        memberships: [{ school_id: demo.school_id, role: 'OWNER' }],
      },
      '/api/v1/users/me/',
    );
    expect(me.body).toEqual(ok.body);
  });

  test('a school is visible to its staff and families only', async () => {
    const path = `/api/v1/schools/${demo.school_id}/`;
    const mine = await call(staff('TREASURER'), path);
    expect(mine.body).toMatchObject({ name: demo.school_name, status: 'operando' });
    expect(mine.body.levels.map((l: Json) => l.name)).toEqual([
      'Preescolar',
      'Primaria',
      'Secundaria',
      'Preparatoria',
      'Universidad',
    ]);
    expect((await call(guardian(), path)).status).toBe(200);
    expect((await call(staff('OWNER', OTHER_SCHOOL), path)).status).toBe(404);
  });

  test('portal features by audience', async () => {
    const forGuardian = (await call(guardian(), '/internal/portal-features')).body;
    const forStaff = (await call(staff('OWNER'), '/internal/portal-features')).body;
    expect(forGuardian).toEqual(['invoices', 'payments', 'store']);
    expect(forStaff).toContain('scholarships');
  });
});
