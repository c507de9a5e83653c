import { and, eq } from 'drizzle-orm';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import {
  membershipDetailSchema,
  myMembershipsSchema,
  organizationsSchema,
  schoolListPageSchema,
} from '@cuota/contracts/enrolment/memberships';
import { PERMISSIONS } from '@cuota/contracts/access/permissions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { staffMemberships } from '../schema';
import { staffEmail } from '../seed/demo-school';
import { staffIdentity } from '../staff/staff-directory';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';

let h: EnrolmentHarness;
/** A third school, "Colegio Cristóbal Colón", where the demo OWNER is also OWNER. */
let thirdSchoolId: string;

beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_memberships');
  // The demo owner is also the owner of a third school.
  thirdSchoolId = await h.addSchool({ name: 'Colegio Cristóbal Colón', status: 'paused' });
  await h.addStaff({
    name: 'Ignorado: el usuario ya existe',
    email: staffEmail('OWNER'),
    schoolId: thirdSchoolId,
    role: 'OWNER',
  });
}, 60_000);
afterAll(() => h?.stop());

/** What the BFF would sign for a demo user now: their memberships as enrolment answers them. */
const as = (role: StaffRole) => h.signedIn(h.userId(role));

/** The demo-school membership of the demo user with this role, as stored. */
async function membershipRow(role: StaffRole) {
  const [row] = await h.service.db
    .select()
    .from(staffMemberships)
    .where(
      and(
        eq(staffMemberships.userId, h.userId(role)),
        eq(staffMemberships.schoolId, h.demo.school_id),
      ),
    );
  return row!;
}
/** The last staff.membership_changed event once the relay has published `change`. */
const changeEvent = (change: string) =>
  h.published('enrolment.staff.membership_changed', (data) => data.change === change);
const membershipId = async (role: StaffRole) => (await membershipRow(role)).id;

describe('GET /academic-coordinator/memberships/', () => {
  test("answers the caller's memberships in force with school, role and effective permissions", async () => {
    const res = await h.call(await as('OWNER'), '/academic-coordinator/memberships/');
    expect(res.status).toBe(200);
    const list = myMembershipsSchema.parse(res.body);
    expect(list.map((m) => m.school_name)).toEqual(['Colegio Cristóbal Colón', h.demo.school_name]);
    const demo = list.find((m) => m.school_id === h.demo.school_id)!;
    expect(demo).toMatchObject({ role: 'OWNER', custom_permissions: false });
    expect(demo.permissions).toEqual([...PERMISSIONS]);
    expect(demo.id).toBe((await membershipRow('OWNER')).id);

    const cashier = await h.call(await as('CASH_COLLECTION'), '/academic-coordinator/memberships/');
    expect(cashier.body).toHaveLength(1);
    expect(cashier.body[0].permissions).not.toContain('students.write');
  });

  test('a guardian is refused and learns nothing', async () => {
    const res = await h.call(h.guardian(), '/academic-coordinator/memberships/');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/permiso/);
  });
});

describe('GET /academic-coordinator/organizations/', () => {
  test('lists the schools of the caller (id, name, kind, status, logo) and no other', async () => {
    const res = await h.call(await as('OWNER'), '/academic-coordinator/organizations/');
    expect(res.status).toBe(200);
    const list = organizationsSchema.parse(res.body);
    expect(list).toEqual([
      {
        id: thirdSchoolId,
        name: 'Colegio Cristóbal Colón',
        kind: 'k12',
        status: 'paused',
        logo_url: null,
      },
      expect.objectContaining({ id: h.demo.school_id, name: h.demo.school_name }),
    ]);
    expect(list.some((s) => s.id === h.otherSchoolId)).toBe(false);
  });

  test('a guardian is refused', async () => {
    expect((await h.call(h.guardian(), '/academic-coordinator/organizations/')).status).toBe(403);
  });
});

describe('GET /api/v1/internal/schools/', () => {
  const path = '/api/v1/internal/schools/';

  test('pages the schools the caller may read, by name, with status and name filters', async () => {
    const owner = await as('OWNER');
    const all = await h.call(owner, path);
    expect(all.status).toBe(200);
    const page = schoolListPageSchema.parse(all.body);
    expect(page.count).toBe(2);
    expect(page.results.map((s) => s.id)).toEqual([thirdSchoolId, h.demo.school_id]);

    const paused = await h.call(owner, `${path}?status=paused`);
    expect(paused.body.results.map((s: { id: string }) => s.id)).toEqual([thirdSchoolId]);
    // Accents and case do not matter.
    const search = await h.call(owner, `${path}?search=cristobal`);
    expect(search.body.count).toBe(1);
    const second = await h.call(owner, `${path}?page=2&page_size=1`);
    expect(second.body).toMatchObject({ count: 2, page: 2, page_size: 1 });
    expect(second.body.results.map((s: { id: string }) => s.id)).toEqual([h.demo.school_id]);
  });

  test('an unknown status is a 400 in Spanish', async () => {
    const res = await h.call(await as('OWNER'), `${path}?status=cerrada`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Revisa los datos enviados en los parámetros de la solicitud.',
    );
    expect(res.body.error.details[0].path).toBe('status');
    const nul = await h.call(await as('OWNER'), `${path}?search=Colegio%00`);
    expect(nul.status).toBe(400);
    expect(nul.body.error.details).toEqual([
      { path: 'search', message: 'El texto contiene un carácter no válido.' },
    ]);
  });

  test("another school's staff never see the demo school", async () => {
    const res = await h.call(await h.signedIn(h.otherOwnerId), path);
    expect(res.body.results.map((s: { id: string }) => s.id)).toEqual([h.otherSchoolId]);
  });

  test('a member whose explicit list lacks school.read is refused', async () => {
    const claims: IdentityClaims = {
      kind: 'staff',
      user_id: h.userId('OTHER'),
      memberships: [{ school_id: h.demo.school_id, role: 'OTHER', permissions: ['students.read'] }],
    };
    const res = await h.call(claims, path);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
    );
  });
});

describe('PATCH /backoffice/memberships/{id}/', () => {
  const path = (id: string) => `/backoffice/memberships/${id}/`;

  test('an owner changes role, explicit permissions and suspends, through the staff rules', async () => {
    const id = await membershipId('CASH_COLLECTION');
    const owner = await as('OWNER');
    const res = await h.call(owner, path(id), {
      method: 'PATCH',
      json: { role: 'TREASURER', permissions: ['payments.read', 'payments.collect'] },
    });
    expect(res.status).toBe(200);
    expect(membershipDetailSchema.parse(res.body)).toMatchObject({
      id,
      user_id: h.userId('CASH_COLLECTION'),
      school_id: h.demo.school_id,
      role: 'TREASURER',
      permissions: ['payments.read', 'payments.collect'],
      custom_permissions: true,
      active: true,
    });
    expect((await changeEvent('permissions_changed')).data).toMatchObject({
      change: 'permissions_changed',
      user_id: h.userId('CASH_COLLECTION'),
      changed_by: h.userId('OWNER'),
    });

    const suspended = await h.call(owner, path(id), { method: 'PATCH', json: { active: false } });
    expect(suspended.status).toBe(200);
    expect(suspended.body.active).toBe(false);
    expect((await membershipRow('CASH_COLLECTION')).active).toBe(false);
    expect((await changeEvent('deactivated')).data).toMatchObject({
      change: 'deactivated',
      role: 'TREASURER',
    });
    // A suspended membership is no longer listed as the member's.
    const mine = await h.call(await as('CASH_COLLECTION'), '/academic-coordinator/memberships/');
    expect(mine.body).toEqual([]);

    const back = await h.call(owner, path(id), {
      method: 'PATCH',
      json: { active: true, role: 'CASH_COLLECTION', permissions: null },
    });
    expect(back.body).toMatchObject({
      active: true,
      role: 'CASH_COLLECTION',
      custom_permissions: false,
    });
  });

  test('a suspended member loses the school at once: not in what the BFF signs, a stale token changes nothing', async () => {
    const staleToken = await as('GENERAL_DIRECTOR');
    const owner = await as('OWNER');
    const id = await membershipId('GENERAL_DIRECTOR');
    expect(
      (await h.call(owner, path(id), { method: 'PATCH', json: { active: false } })).status,
    ).toBe(200);
    try {
      const identity = await staffIdentity(h.service.db, h.userId('GENERAL_DIRECTOR'));
      expect(identity!.memberships.map((m) => m.school_id)).not.toContain(h.demo.school_id);

      const admins = `/api/v1/dashboard/schools/${h.demo.school_id}/admins/`;
      const refused = await h.call(staleToken, `${admins}${h.userId('ADMISSIONS')}/`, {
        method: 'PUT',
        json: { role: 'TREASURER' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('Ya no formas parte del personal de esta escuela.');
      expect((await membershipRow('ADMISSIONS')).role).toBe('ADMISSIONS');

      const list = await h.call(owner, `${admins}?page_size=200`);
      const row = list.body.results.find(
        (a: { id: string }) => a.id === h.userId('GENERAL_DIRECTOR'),
      );
      expect(row).toMatchObject({ active: false, membership_id: id });
    } finally {
      await h.call(owner, path(id), { method: 'PATCH', json: { active: true } });
    }
  });

  test('an empty or wrong body is a 400 in Spanish and writes nothing', async () => {
    const id = await membershipId('ADMISSIONS');
    const before = await membershipRow('ADMISSIONS');
    const owner = await as('OWNER');
    const empty = await h.call(owner, path(id), { method: 'PATCH', json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].message).toBe(
      'Indica qué cambiar: role, permissions o active.',
    );
    const wrong = await h.call(owner, path(id), {
      method: 'PATCH',
      json: { role: 'REY', active: 'sí' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'active',
      'role',
    ]);
    expect(await membershipRow('ADMISSIONS')).toEqual(before);
  });

  test('without staff.write, on oneself, or on an owner without being one: 403, nothing written', async () => {
    const admissions = await membershipId('ADMISSIONS');
    const before = await membershipRow('ADMISSIONS');
    const director = await h.call(await as('ADMINISTRATIVE_DIRECTOR'), path(admissions), {
      method: 'PATCH',
      json: { role: 'OTHER' },
    });
    expect(director.status).toBe(403);
    expect(director.body.error.message).toBe(
      'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
    );
    const self = await h.call(await as('OWNER'), path(await membershipId('OWNER')), {
      method: 'PATCH',
      json: { active: false },
    });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toMatch(/No puedes quitarte a ti mismo/);
    const onOwner = await h.call(await as('GENERAL_DIRECTOR'), path(await membershipId('OWNER')), {
      method: 'PATCH',
      json: { active: false },
    });
    expect(onOwner.status).toBe(403);
    expect(onOwner.body.error.message).toMatch(/Solo un propietario/);
    expect(await membershipRow('ADMISSIONS')).toEqual(before);
    expect((await membershipRow('OWNER')).active).toBe(true);
  });

  test("another school's owner gets the same 404 as an unknown id, and nothing changes", async () => {
    const id = await membershipId('ADMISSIONS');
    const before = await membershipRow('ADMISSIONS');
    const outsider = await h.call(await h.signedIn(h.otherOwnerId), path(id), {
      method: 'PATCH',
      json: { role: 'OTHER' },
    });
    const unknown = await h.call(await as('OWNER'), path('00000000-0000-4000-8000-000000000999'), {
      method: 'PATCH',
      json: { role: 'OTHER' },
    });
    const malformed = await h.call(await as('OWNER'), path('abc'), {
      method: 'PATCH',
      json: { role: 'OTHER' },
    });
    for (const res of [outsider, unknown, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('No encontramos esta membresía.');
    }
    expect(await membershipRow('ADMISSIONS')).toEqual(before);
  });
});
