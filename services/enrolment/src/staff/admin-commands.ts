import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { MembershipGrant } from '@cuota/contracts/enrolment/permissions';
import type {
  CreateAdmin,
  UpdateAdmin,
  UpdateAdminPermissions,
} from '@cuota/contracts/enrolment/staff';
import { staffMembershipChangedV1 } from '@cuota/contracts/events/enrolment.staff.membership_changed.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { staffMemberships, staffUsers } from '../schema';
import { checkOwnersLeft, checkStaffChange, type Actor } from './admin-rules';
import { issueInvitation } from './invitations';
import { storedGrant } from './membership-grant';
import { hashPassword } from './password';

export const UNKNOWN_ADMIN = 'No encontramos a esta persona en el personal de la escuela.';

const membershipOf = (schoolId: string, userId: string) =>
  and(eq(staffMemberships.schoolId, schoolId), eq(staffMemberships.userId, userId));

/**
 * The caller's membership as stored now: staff changes never trust a token that may predate
 * a demotion (ADR 0007).
 */
export async function actorIn(tx: Executor, schoolId: string, userId: string): Promise<Actor> {
  const [row] = await tx.select().from(staffMemberships).where(membershipOf(schoolId, userId));
  if (!row?.active) throw forbidden('Ya no formas parte del personal de esta escuela.');
  return { userId, grant: storedGrant(row) };
}

/** The member's row, locked until the transaction ends (two admins cannot race on it). */
async function lockedMember(tx: Executor, schoolId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(staffMemberships)
    .where(membershipOf(schoolId, userId))
    .for('update');
  if (!row) throw notFound(UNKNOWN_ADMIN);
  return storedGrant(row);
}

/**
 * Active owners are counted under lock, so two owners cannot remove each other at once; a
 * suspended owner runs nothing and does not count.
 */
async function ownersOf(tx: Executor, schoolId: string): Promise<number> {
  const rows = await tx
    .select({ userId: staffMemberships.userId })
    .from(staffMemberships)
    .where(
      and(
        eq(staffMemberships.schoolId, schoolId),
        eq(staffMemberships.role, 'OWNER'),
        eq(staffMemberships.active, true),
      ),
    )
    .for('update');
  return rows.length;
}

async function recordChange(
  tx: Executor,
  change: 'added' | 'role_changed' | 'permissions_changed' | 'removed',
  ids: { schoolId: string; userId: string; actor: Actor },
  before: MembershipGrant | null,
  after: MembershipGrant | null,
) {
  await enqueueEvent(tx, staffMembershipChangedV1, {
    school_id: ids.schoolId,
    user_id: ids.userId,
    change,
    role: after?.role ?? null,
    permissions: after?.permissions ? [...after.permissions] : null,
    previous_role: before?.role ?? null,
    changed_by: ids.actor.userId,
  });
}

/**
 * Adds a member: an existing staff user (same e-mail, any school) gets a membership; a new
 * one is created with an unusable password and a one-time invitation to set their own.
 */
export async function createAdmin(
  tx: Executor,
  schoolId: string,
  input: CreateAdmin,
  actor: Actor,
) {
  const after: MembershipGrant = { role: input.role, permissions: input.permissions };
  const [existing] = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, input.email));
  checkStaffChange(actor, existing?.id ?? null, null, after);
  let userId = existing?.id;
  let invitation = null;
  if (!userId) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const [user] = await tx
      .insert(staffUsers)
      .values({ name: input.name, email: input.email, passwordHash })
      .returning({ id: staffUsers.id });
    userId = user!.id;
    invitation = await issueInvitation(tx, userId, actor.userId);
  }
  const [added] = await tx
    .insert(staffMemberships)
    .values({ userId, schoolId, role: input.role, permissions: input.permissions })
    .onConflictDoNothing()
    .returning({ userId: staffMemberships.userId });
  if (!added) throw conflict('Esta persona ya forma parte del personal de la escuela.');
  await recordChange(tx, 'added', { schoolId, userId, actor }, null, after);
  return { userId, invitation };
}

export async function changeRole(
  tx: Executor,
  schoolId: string,
  userId: string,
  input: UpdateAdmin,
  actor: Actor,
): Promise<void> {
  const before = await lockedMember(tx, schoolId, userId);
  const after: MembershipGrant = { role: input.role, permissions: before.permissions };
  checkStaffChange(actor, userId, before, after);
  checkOwnersLeft(await ownersOf(tx, schoolId), before, after);
  if (before.role === after.role) return;
  await tx
    .update(staffMemberships)
    .set({ role: input.role, updatedAt: new Date() })
    .where(membershipOf(schoolId, userId));
  await recordChange(tx, 'role_changed', { schoolId, userId, actor }, before, after);
}

export async function changePermissions(
  tx: Executor,
  schoolId: string,
  userId: string,
  input: UpdateAdminPermissions,
  actor: Actor,
): Promise<void> {
  const before = await lockedMember(tx, schoolId, userId);
  const after: MembershipGrant = { role: before.role, permissions: input.permissions };
  checkStaffChange(actor, userId, before, after);
  await tx
    .update(staffMemberships)
    .set({ permissions: input.permissions, updatedAt: new Date() })
    .where(membershipOf(schoolId, userId));
  await recordChange(tx, 'permissions_changed', { schoolId, userId, actor }, before, after);
}

/** Removes the membership; the user (and their other schools) stays. */
export async function removeAdmin(
  tx: Executor,
  schoolId: string,
  userId: string,
  actor: Actor,
): Promise<void> {
  const before = await lockedMember(tx, schoolId, userId);
  checkStaffChange(actor, userId, before, null);
  checkOwnersLeft(await ownersOf(tx, schoolId), before, null);
  await tx.delete(staffMemberships).where(membershipOf(schoolId, userId));
  await recordChange(tx, 'removed', { schoolId, userId, actor }, before, null);
}
