import type TestAgent from 'supertest/lib/agent';
import { STAFF_ROLES, type StaffRole } from '@cuota/contracts/enrolment/entities';
import { grants, type Permission } from '@cuota/contracts/access/permissions';
import type { EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { startBffOnEnrolment } from '../test-support/bff-on-enrolment';
import { sendAs, signInStaff } from '../test-support/sign-in';
import type { TestBff } from '../test-support/test-bff';

/**
 * Enrolment's operator and integration rows through the real BFF and service: the BFF's
 * classification (route-permissions.ts) lets exactly the roles holding the permission through,
 * and the service answers them (docs/permissions.md, "Operator and integration endpoints").
 */
let enrolment: EnrolmentUnderTest;
let bff: TestBff;
const browsers = {} as Record<StaffRole, { agent: TestAgent; csrfToken: string }>;

let stop: () => Promise<void>;
beforeAll(async () => {
  ({ bff, enrolment, stop } = await startBffOnEnrolment());
  for (const { email, role } of enrolment.demo.staff)
    browsers[role] = await signInStaff(bff, email, enrolment.demo.staff_password);
}, 120_000);
afterAll(() => stop?.());

const school = () => enrolment.demo.school_id;
const UNKNOWN = '00000000-0000-4000-8000-00000000beef';

type Method = 'get' | 'post' | 'patch';
/** [what, permission (or null: any member), method, path, body, what a permitted call gets]. */
const ROWS: [string, Permission | null, Method, () => string, unknown, number][] = [
  ['my memberships', null, 'get', () => '/academic-coordinator/memberships/', undefined, 200],
  ['my schools', null, 'get', () => '/academic-coordinator/organizations/', undefined, 200],
  ['schools list', 'school.read', 'get', () => '/api/v1/internal/schools/', undefined, 200],
  [
    'public students',
    'students.read',
    'get',
    () => `/api/v1/internal/public/students/?school_id=${school()}`,
    undefined,
    200,
  ],
  [
    'public guardians',
    'guardians.read',
    'get',
    () => `/api/v1/internal/public/guardians/?school_id=${school()}`,
    undefined,
    200,
  ],
  [
    'membership update',
    'staff.write',
    'patch',
    () => `/backoffice/memberships/${UNKNOWN}/`,
    { active: false },
    404,
  ],
  [
    'single sync',
    'imports.write',
    'post',
    () => '/backoffice/integration/single_sync/',
    { student_id: UNKNOWN },
    404,
  ],
  [
    'massive sync',
    'imports.write',
    'post',
    () => '/backoffice/integration/massive_sync/',
    // No school: the service's 400. (A school_id names the school the call is about, so a
    // malformed one is a school the caller is not staff of: 404.)
    {},
    400,
  ],
];

const send = (role: StaffRole, method: Method, path: string, body?: unknown) =>
  sendAs(browsers[role], method, path, body);

describe.each(STAFF_ROLES)('%s through the BFF', (role) => {
  test.each(ROWS)('%s (%s)', async (...row) => {
    const [, permission, method, path, body, permitted] = row;
    const res = await send(role, method, path(), body);
    if (!permission || grants({ role }, permission)) {
      expect(res.status).toBe(permitted);
    } else {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
      );
    }
  });
});

test("the caller's memberships carry the id the back office PATCHes", async () => {
  const mine = await send('OWNER', 'get', '/academic-coordinator/memberships/');
  expect(mine.body).toEqual([
    expect.objectContaining({ school_id: school(), role: 'OWNER', custom_permissions: false }),
  ]);
  const res = await send('OWNER', 'patch', `/backoffice/memberships/${mine.body[0].id}/`, {
    role: 'OWNER',
  });
  // Nobody changes their own membership (rule 4), even to the same role.
  expect(res.status).toBe(403);
});
