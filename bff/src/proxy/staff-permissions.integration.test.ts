import type TestAgent from 'supertest/lib/agent';
import { STAFF_ROLES, type StaffRole } from '@cuota/contracts/enrolment/entities';
import { grants, type Permission } from '@cuota/contracts/access/permissions';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEchoService } from '../test-support/echo-service';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { sendAs, signInStaff } from '../test-support/sign-in';
import { startTestBff, type TestBff } from '../test-support/test-bff';

type Echo = Awaited<ReturnType<typeof startEchoService>>;
let enrolment: EnrolmentUnderTest;
let echoes: Echo[];
let bff: TestBff;
const browsers = {} as Record<StaffRole, { agent: TestAgent; csrfToken: string }>;

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEnrolmentUnderTest({ identity });
  // Billing, payments and invoicing do not serve these rows yet: stand-ins that answer 200
  // show what the BFF let through; what it refused never reaches them.
  echoes = await Promise.all([1, 2, 3].map(() => startEchoService(identity.keys.publicJwk)));
  bff = await startTestBff({
    identity,
    services: {
      enrolment: enrolment.url,
      billing: echoes[0]!.url,
      payments: echoes[1]!.url,
      invoicing: echoes[2]!.url,
    },
  });
  for (const { email, role } of enrolment.demo.staff)
    browsers[role] = await signInStaff(bff, email, enrolment.demo.staff_password);
}, 120_000);
afterAll(async () => {
  await bff?.close();
  await Promise.all((echoes ?? []).map((e) => e.stop()));
  await enrolment?.stop();
});

const school = () => enrolment.demo.school_id;
const UNKNOWN = '00000000-0000-4000-8000-00000000beef';

/** Representative rows of each domain: [what, permission, method, path, body]. */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const ENDPOINTS: [string, Permission, Method, () => string, unknown?][] = [
  ['list staff', 'staff.read', 'get', () => `/api/v1/dashboard/schools/${school()}/admins/`],
  ['add staff', 'staff.write', 'post', () => `/api/v1/dashboard/schools/${school()}/admins/`, {}],
  [
    'staff by role',
    'staff.read',
    'get',
    () => `/api/v1/dashboard/schools/${school()}/users/by-membership/?role=OWNER`,
  ],
  ['a lead', 'admissions.read', 'get', () => `/api/v1/admissions/student_lead/${UNKNOWN}/`],
  [
    'activate a cycle',
    'cycles.write',
    'post',
    () => `/api/v1/dashboard/schools/${school()}/cycles/${UNKNOWN}/activate/`,
    {},
  ],
  [
    'rename a level',
    'levels.write',
    'patch',
    () => `/api/v1/schools/${school()}/levels/${UNKNOWN}/`,
    { name: 'Primaria' },
  ],
  [
    'delete a level',
    'levels.write',
    'delete',
    () => `/api/v1/schools/${school()}/levels/${UNKNOWN}/`,
  ],
  ['concepts', 'billing.read', 'get', () => `/api/v1/dashboard/schools/${school()}/concepts/`],
  ['create a concept', 'concepts.write', 'post', () => '/api/v1/dashboard/concepts/', {}],
  [
    'a massive special discount',
    'scholarships.write',
    'post',
    () => `/api/v1/dashboard/schools/${school()}/massive_special_discounts/`,
    {},
  ],
  [
    'the history of massive jobs, a page of it',
    'billing.read',
    'get',
    () => `/api/v1/dashboard/schools/${school()}/massive_jobs/?page=2&page_size=10&kind=bill_run`,
  ],
  // Issue 21 (ADR 0105): a store item's photos are the catalogue's (concepts.write).
  [
    'add a store photo',
    'concepts.write',
    'post',
    () => `/api/v1/dashboard/schools/${school()}/store-items/${UNKNOWN}/photos/`,
    {},
  ],
  [
    'remove a store photo',
    'concepts.write',
    'delete',
    () => `/api/v1/dashboard/schools/${school()}/store-items/${UNKNOWN}/photos/${UNKNOWN}/`,
  ],
  ['payins', 'payments.read', 'get', () => `/api/v1/dashboard/schools/${school()}/payins/`],
  // Issue 23: Inicio's money figures and the month close are reports (reports.read).
  [
    "Inicio's collections",
    'reports.read',
    'get',
    () => `/api/v1/dashboard/schools/${school()}/collections/`,
  ],
  [
    "Inicio's billing figures",
    'reports.read',
    'get',
    () => `/api/v1/dashboard/schools/${school()}/billing_figures/`,
  ],
  [
    'the month close',
    'reports.read',
    'get',
    () => `/api/v1/dashboard/schools/${school()}/month_close/`,
  ],
  [
    'desk payment',
    'payments.collect',
    'post',
    () => `/api/v1/dashboard/schools/${school()}/payins/`,
    {},
  ],
  ['invoices', 'invoicing.read', 'get', () => `/api/v1/dashboard/schools/${school()}/invoices/`],
  [
    'retry an invoice',
    'invoicing.write',
    'post',
    () => `/api/v1/dashboard/schools/${school()}/invoices/${UNKNOWN}/retry/`,
    {},
  ],
  [
    'SAT’s cancellability, before cancelling',
    'invoicing.write',
    'get',
    () => `/api/v1/dashboard/schools/${school()}/invoices/${UNKNOWN}/cancellability/`,
  ],
];

const send = (role: StaffRole, method: Method, path: string, body?: unknown) =>
  sendAs(browsers[role], method, path, body);

describe.each(STAFF_ROLES)('%s through the BFF', (role) => {
  // A rest parameter: jest reads a declared fifth argument as `done` on four-cell rows.
  test.each(ENDPOINTS)('%s (%s)', async (...row) => {
    const [, permission, method, path, body] = row;
    const res = await send(role, method, path(), body);
    if (grants({ role }, permission)) {
      expect(res.status).not.toBe(403);
    } else {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'FORBIDDEN',
        message: 'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
      });
    }
  });
});

test("a school the member does not belong to is a 404, the service's answer", async () => {
  const res = await send('OWNER', 'get', `/api/v1/dashboard/schools/${UNKNOWN}/admins/`);
  expect(res.status).toBe(404);
});

test('a refused call never reaches the service', async () => {
  const before = echoes[1]!.calls.length;
  await send('ADMISSIONS', 'post', `/api/v1/dashboard/schools/${school()}/payins/`, {}).then((r) =>
    expect(r.status).toBe(403),
  );
  expect(echoes[1]!.calls.length).toBe(before);
});

/** Sessions older than the refresh window (ADR 0007), as if a minute had gone by. */
async function ageSessions() {
  // Through the sessions' connection: the BFF's kept copy ends before the next call.
  const redis = bff.deps.sessionRedis;
  for await (const keys of redis.scanIterator({ MATCH: `${bff.config.redisPrefix}sess:*` }))
    for (const key of keys) {
      const session = JSON.parse((await redis.get(key))!);
      if (session.auth) session.auth.refreshed_at = 0;
      await redis.set(key, JSON.stringify(session), { expiration: { type: 'EX', value: 600 } });
    }
}

test('an explicit list replaces the defaults and reaches a signed-in member within a minute', async () => {
  const admissionsId = (
    await send(
      'OWNER',
      'get',
      `/api/v1/dashboard/schools/${school()}/users/by-email/?email=admissions@demo.cuota.mx`,
    )
  ).body.id as string;
  // Admissions does not see the staff list by default (staff.read).
  const admins = `/api/v1/dashboard/schools/${school()}/admins/`;
  expect((await send('ADMISSIONS', 'get', admins)).status).toBe(403);
  const changed = await send(
    'OWNER',
    'put',
    `/api/v1/dashboard/schools/${school()}/admins/${admissionsId}/permissions/`,
    { permissions: ['school.read', 'staff.read'] },
  );
  expect(changed.status).toBe(200);
  // Still the session's copy until it is a minute old…
  expect((await send('ADMISSIONS', 'get', admins)).status).toBe(403);
  await ageSessions();
  // …then re-read from enrolment: the BFF lets it through and enrolment, checking the token's
  // new list again, answers the staff list.
  const res = await send('ADMISSIONS', 'get', admins);
  expect(res.status).toBe(200);
  expect(res.body.results ?? res.body).toEqual(expect.any(Array));
  expect(
    (await send('ADMISSIONS', 'get', `/api/v1/admissions/student_lead/${UNKNOWN}/`)).status,
  ).toBe(403);
  await send(
    'OWNER',
    'put',
    `/api/v1/dashboard/schools/${school()}/admins/${admissionsId}/permissions/`,
    {
      permissions: null,
    },
  );
});

test('a member removed from every school is signed out at the next refresh', async () => {
  const other = browsers.OTHER;
  const otherId = (await send('OTHER', 'get', `/api/v1/dashboard/schools/${school()}/admins/me/`))
    .body.id as string;
  const removed = await send('OWNER', 'get', `/api/v1/dashboard/schools/${school()}/admins/`);
  expect(removed.status).toBe(200);
  const res = await browsers.OWNER.agent
    .delete(`/api/v1/dashboard/schools/${school()}/admins/${otherId}/`)
    .set('x-csrf-token', browsers.OWNER.csrfToken);
  expect(res.status).toBe(204);
  await ageSessions();
  // The user still exists (only the membership went): signed in, but no school to act in.
  const after = await other.agent.get(`/api/v1/dashboard/schools/${school()}/admins/me/`);
  expect(after.status).toBe(404);
});
