import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { ROLE_PERMISSIONS, type Permission } from '@cuota/contracts/access/permissions';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import * as schema from '../schema';
import { staffEmail } from '../seed/demo-school';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';
import { invitationTokenHash } from './invitations';

/** The demo school and its staff (a user per role); a second school with its own owner. */
let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_staff');
}, 60_000);
afterAll(() => h?.stop());

/** The token the BFF would sign for a demo staff member (role as the token says). */
const as = (role: StaffRole, tokenRole: StaffRole = role) => h.member(role, tokenRole);
const otherOwner = () => h.otherOwner();
const call = async (who: IdentityClaims, method: string, path: string, json?: unknown) =>
  h.call(who, path, { method, json });

const admins = () => `/api/v1/dashboard/schools/${h.demo.school_id}/admins/`;
const users = () => `/api/v1/dashboard/schools/${h.demo.school_id}/users/`;
const counts = async () => ({
  users: await h.count('staff_users'),
  memberships: await h.count('staff_memberships'),
  invitations: await h.count('staff_invitations'),
  events: await h.count('outbox_events', `type = 'enrolment.staff.membership_changed'`),
});

describe('listing staff', () => {
  test('staff.read lists every member with role and effective permissions', async () => {
    const res = await call(as('ADMINISTRATIVE_DIRECTOR'), 'GET', `${admins()}?page_size=50`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(8);
    const treasurer = res.body.results.find((a: Json) => a.role === 'TREASURER');
    expect(treasurer).toMatchObject({
      id: h.userId('TREASURER'),
      email: staffEmail('TREASURER'),
      custom_permissions: false,
      invitation_pending: false,
    });
    expect([...treasurer.permissions].sort()).toEqual([...ROLE_PERMISSIONS.TREASURER].sort());
  });

  test('without staff.read 403; another school 404; a bad page 400 in Spanish', async () => {
    const forbidden = await call(as('TREASURER'), 'GET', admins());
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toMatch(/permiso/);
    expect((await call(otherOwner(), 'GET', admins())).status).toBe(404);
    const bad = await call(as('OWNER'), 'GET', `${admins()}?page_size=9999`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/Revisa/);
  });

  test('any member reads themselves (admins/me), nobody else from another school', async () => {
    const me = await call(as('OTHER'), 'GET', `${admins()}me/`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: h.userId('OTHER'), role: 'OTHER' });
    expect((await call(otherOwner(), 'GET', `${admins()}me/`)).status).toBe(404);
  });
});

describe('adding a member', () => {
  const newcomer = {
    name: 'Rosa Cajera',
    email: 'Rosa.Cajera@colegio.mx',
    role: 'CASH_COLLECTION',
  };

  test('a new e-mail: a user with a one-time invitation (only its hash stored), an event', async () => {
    const before = await counts();
    const res = await call(as('GENERAL_DIRECTOR'), 'POST', admins(), newcomer);
    expect(res.status).toBe(201);
    expect(res.body.admin).toMatchObject({
      email: 'rosa.cajera@colegio.mx',
      role: 'CASH_COLLECTION',
      invitation_pending: true,
    });
    const { token, expires_at } = res.body.invitation;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const [stored] = await h.service.db
      .select()
      .from(schema.staffInvitations)
      .where(eq(schema.staffInvitations.userId, res.body.admin.id));
    expect(stored!.tokenHash).toBe(invitationTokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await counts()).toEqual({
      users: before.users + 1,
      memberships: before.memberships + 1,
      invitations: before.invitations + 1,
      events: before.events + 1,
    });
  });

  test('an e-mail that already has a staff user: a membership only, no invitation', async () => {
    const before = await counts();
    const res = await call(
      otherOwner(),
      'POST',
      `/api/v1/dashboard/schools/${h.otherSchoolId}/admins/`,
      {
        name: 'Ignorado',
        email: staffEmail('ACCOUNTANT').toUpperCase(),
        role: 'ACCOUNTANT',
        permissions: ['invoicing.read', 'school.read', 'invoicing.read'],
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.invitation).toBeNull();
    expect(res.body.admin).toMatchObject({
      id: h.userId('ACCOUNTANT'),
      name: 'Raúl Cárdenas', // their own name, not the one typed
      permissions: ['school.read', 'invoicing.read'],
      custom_permissions: true,
    });
    expect(await counts()).toMatchObject({
      users: before.users,
      memberships: before.memberships + 1,
      invitations: before.invitations,
    });
    // Adding them again is a conflict, not a second membership.
    const again = await call(
      otherOwner(),
      'POST',
      `/api/v1/dashboard/schools/${h.otherSchoolId}/admins/`,
      {
        name: 'x',
        email: staffEmail('ACCOUNTANT'),
        role: 'OTHER',
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/ya forma parte/);
  });

  test('bad input, missing permission, owner-only grants, another school: nothing written', async () => {
    const before = await counts();
    const post = (who: IdentityClaims, body: unknown) => call(who, 'POST', admins(), body);
    const invalid = await post(as('OWNER'), { ...newcomer, email: 'no-es-correo' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details[0].message).toBe('Escribe un correo electrónico válido.');
    expect((await post(as('OWNER'), { ...newcomer, permissions: ['todo'] })).status).toBe(400);
    expect((await post(as('OWNER'), { ...newcomer, extra: 1 })).status).toBe(400);
    expect((await post(as('ADMINISTRATIVE_DIRECTOR'), newcomer)).status).toBe(403);
    const owner = await post(as('GENERAL_DIRECTOR'), { ...newcomer, role: 'OWNER' });
    expect(owner.status).toBe(403);
    expect(owner.body.error.message).toMatch(/Solo un propietario/);
    const staffWrite = await post(as('GENERAL_DIRECTOR'), {
      ...newcomer,
      permissions: ['staff.write'],
    });
    expect(staffWrite.status).toBe(403);
    expect(
      (await post(as('GENERAL_DIRECTOR'), { ...newcomer, role: 'GENERAL_DIRECTOR' })).status,
    ).toBe(403);
    expect((await post(otherOwner(), newcomer)).status).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('changing and removing a member', () => {
  const adminPath = (role: StaffRole) => `${admins()}${h.userId(role)}/`;

  test('an owner changes a role; the event records before and after', async () => {
    const res = await call(as('OWNER'), 'PUT', adminPath('OTHER'), { role: 'TREASURER' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('TREASURER');
    const [event] = (
      await h.service.db.execute<{ payload: Json }>(
        sql`SELECT payload FROM outbox_events WHERE type = 'enrolment.staff.membership_changed' ORDER BY seq DESC LIMIT 1`,
      )
    ).rows;
    expect(event!.payload.data).toMatchObject({
      user_id: h.userId('OTHER'),
      change: 'role_changed',
      role: 'TREASURER',
      previous_role: 'OTHER',
      changed_by: h.userId('OWNER'),
    });
    await call(as('OWNER'), 'PUT', adminPath('OTHER'), { role: 'OTHER' });
  });

  test('explicit permissions replace the defaults, reach users/me, and null restores them', async () => {
    const path = `${adminPath('ADMISSIONS')}permissions/`;
    const set = await call(as('OWNER'), 'PUT', path, {
      permissions: ['school.read', 'billing.write'],
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      permissions: ['school.read', 'billing.write'],
      custom_permissions: true,
    });
    const me = await call(as('ADMISSIONS'), 'GET', '/api/v1/users/me/');
    expect(me.body.memberships[0].permissions).toEqual(['school.read', 'billing.write']);
    const reset = await call(as('OWNER'), 'PUT', path, { permissions: null });
    expect(reset.body.custom_permissions).toBe(false);
    expect([...reset.body.permissions].sort()).toEqual([...ROLE_PERMISSIONS.ADMISSIONS].sort());
  });

  test('the owner rules: self, owners and staff managers, bad input, stale tokens', async () => {
    const before = await counts();
    const self = await call(as('GENERAL_DIRECTOR'), 'PUT', adminPath('GENERAL_DIRECTOR'), {
      role: 'OWNER',
    });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toMatch(/propio rol/);
    expect(
      (await call(as('GENERAL_DIRECTOR'), 'PUT', adminPath('OWNER'), { role: 'OTHER' })).status,
    ).toBe(403);
    expect((await call(as('GENERAL_DIRECTOR'), 'DELETE', adminPath('OWNER'))).status).toBe(403);
    const grant = await call(
      as('GENERAL_DIRECTOR'),
      'PUT',
      `${adminPath('TREASURER')}permissions/`,
      {
        permissions: ['staff.write' satisfies Permission],
      },
    );
    expect(grant.status).toBe(403);
    expect((await call(as('OWNER'), 'PUT', adminPath('TREASURER'), { role: 'JEFE' })).status).toBe(
      400,
    );
    expect((await call(as('OWNER'), 'DELETE', adminPath('OWNER'))).status).toBe(403);
    // A token still saying OWNER for someone who is OTHER now: the stored membership decides.
    expect(
      (await call(as('OTHER', 'OWNER'), 'PUT', adminPath('TREASURER'), { role: 'OTHER' })).status,
    ).toBe(403);
    expect(await counts()).toEqual(before);
  });

  test('another school, an unknown member, a member of another school: 404', async () => {
    expect((await call(otherOwner(), 'PUT', adminPath('OTHER'), { role: 'OTHER' })).status).toBe(
      404,
    );
    const foreign = await call(as('OWNER'), 'PUT', `${admins()}${h.otherOwnerId}/`, {
      role: 'OTHER',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(
      'No encontramos a esta persona en el personal de la escuela.',
    );
    expect((await call(as('OWNER'), 'DELETE', `${admins()}no-es-uuid/`)).status).toBe(404);
  });

  test('removing a member keeps the user; only the membership goes', async () => {
    const { body } = await call(as('OWNER'), 'POST', admins(), {
      name: 'Temporal',
      email: 'temporal@colegio.mx',
      role: 'OTHER',
    });
    const before = await counts();
    const res = await call(as('GENERAL_DIRECTOR'), 'DELETE', `${admins()}${body.admin.id}/`);
    expect(res.status).toBe(204);
    expect(await counts()).toMatchObject({
      users: before.users,
      memberships: before.memberships - 1,
      events: before.events + 1,
    });
    expect((await call(as('OWNER'), 'DELETE', `${admins()}${body.admin.id}/`)).status).toBe(404);
  });
});

describe('users and their permissions', () => {
  test('search, by e-mail and by role', async () => {
    const found = await call(
      as('OWNER'),
      'GET',
      `${users()}?search=${encodeURIComponent('olvera')}`,
    );
    expect(found.body.results.map((a: Json) => a.role)).toEqual(['TREASURER']);
    const byEmail = await call(
      as('OWNER'),
      'GET',
      `${users()}by-email/?email=${staffEmail('ADMISSIONS')}`,
    );
    expect(byEmail.body.id).toBe(h.userId('ADMISSIONS'));
    expect((await call(as('OWNER'), 'GET', `${users()}by-email/?email=nadie@x.mx`)).status).toBe(
      404,
    );
    expect((await call(as('OWNER'), 'GET', `${users()}by-email/?email=x`)).status).toBe(400);
    const owners = await call(as('OWNER'), 'GET', `${users()}by-membership/?role=OWNER`);
    expect(owners.body.results.map((a: Json) => a.id)).toEqual([h.userId('OWNER')]);
    expect((await call(as('OWNER'), 'GET', `${users()}by-membership/?role=REY`)).status).toBe(400);
    expect(
      (await call(as('CASH_COLLECTION'), 'GET', `${users()}by-membership/?role=OWNER`)).status,
    ).toBe(403);
    expect((await call(otherOwner(), 'GET', users())).status).toBe(404);
  });

  test("a member reads their own permissions; others' need staff.read", async () => {
    const own = await call(as('OTHER'), 'GET', `${users()}${h.userId('OTHER')}/permissions/`);
    expect(own.body).toEqual({
      user_id: h.userId('OTHER'),
      school_id: h.demo.school_id,
      role: 'OTHER',
      permissions: ['school.read', 'students.read'],
      role_permissions: ['school.read', 'students.read'],
      custom_permissions: false,
    });
    expect(
      (await call(as('OTHER'), 'GET', `${users()}${h.userId('OWNER')}/permissions/`)).status,
    ).toBe(403);
    expect(
      (await call(as('OWNER'), 'GET', `${users()}${h.userId('OTHER')}/permissions/`)).status,
    ).toBe(200);
    expect(
      (await call(as('OWNER'), 'GET', `${users()}${h.otherOwnerId}/permissions/`)).status,
    ).toBe(404);
    expect(
      (await call(otherOwner(), 'GET', `${users()}${h.userId('OTHER')}/permissions/`)).status,
    ).toBe(404);
  });
});
