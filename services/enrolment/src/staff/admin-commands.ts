import { randomBytes } from 'node:crypto';
import type { MembershipGrant } from '@cuota/contracts/access/permissions';
import type {
  CreateAdmin,
  UpdateAdmin,
  UpdateAdminPermissions,
} from '@cuota/contracts/enrolment/staff';
import { UNKNOWN_ADMIN } from '@cuota/contracts/enrolment/endpoints/staff';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import {
  activeOwnerCount,
  deleteMembership,
  insertMembership,
  membershipOf,
  savePermissions,
  saveRole,
  type MembershipRow,
} from '../memberships/membership-repository';
import { checkOwnersLeft, checkStaffChange, type Actor } from './admin-rules';
import { issueInvitation } from './invitations';
import { storedGrant } from './membership-grant';
import { hashPassword } from './password';
import { insertStaffUser, staffUserByEmail } from './staff-user-repository';

export const NOT_STAFF_ANYMORE = 'Ya no formas parte del personal de esta escuela.';

/**
 * The caller's membership as stored now, which must be in force: staff changes never trust
 * a token that may predate a demotion or a suspension (ADR 0007).
 */
export async function actorIn(tx: Executor, schoolId: string, userId: string): Promise<Actor> {
  const row = await membershipOf(tx, schoolId, userId);
  if (!row?.active) throw forbidden(NOT_STAFF_ANYMORE);
  return { userId, grant: storedGrant(row) };
}

/** The member's row, locked until the transaction ends (two admins cannot race on it). */
export async function lockedMember(
  tx: Executor,
  schoolId: string,
  userId: string,
  unknown = UNKNOWN_ADMIN,
): Promise<MembershipRow> {
  const row = await membershipOf(tx, schoolId, userId, { lock: true });
  if (!row) throw notFound(unknown);
  return row;
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
  const existing = await staffUserByEmail(tx, input.email);
  checkStaffChange(actor, existing?.id ?? null, null, after);
  let userId = existing?.id;
  let invitation = null;
  if (!userId) {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    userId = (await insertStaffUser(tx, { name: input.name, email: input.email, passwordHash })).id;
    invitation = await issueInvitation(tx, userId, actor.userId);
  }
  const added = await insertMembership(
    tx,
    { userId, schoolId, role: input.role, permissions: input.permissions },
    actor.userId,
  );
  if (!added) throw conflict('Esta persona ya forma parte del personal de la escuela.');
  return { userId, invitation };
}

/** Each change answers the member's row after it (a later change in the transaction reads it). */
export async function changeRole(
  tx: Executor,
  member: MembershipRow,
  input: UpdateAdmin,
  actor: Actor,
): Promise<MembershipRow> {
  const before = storedGrant(member);
  const after: MembershipGrant = { role: input.role, permissions: before.permissions };
  checkStaffChange(actor, member.userId, before, after);
  checkOwnersLeft(await activeOwnerCount(tx, member.schoolId), before, after);
  if (before.role === after.role) return member;
  return saveRole(tx, member, input.role, actor.userId);
}

export async function changePermissions(
  tx: Executor,
  member: MembershipRow,
  input: UpdateAdminPermissions,
  actor: Actor,
): Promise<MembershipRow> {
  const before = storedGrant(member);
  const after: MembershipGrant = { role: before.role, permissions: input.permissions };
  checkStaffChange(actor, member.userId, before, after);
  return savePermissions(tx, member, input.permissions, actor.userId);
}

/** Removes the membership; the user (and their other schools) stays. */
export async function removeAdmin(
  tx: Executor,
  member: MembershipRow,
  actor: Actor,
): Promise<void> {
  const before = storedGrant(member);
  checkStaffChange(actor, member.userId, before, null);
  checkOwnersLeft(await activeOwnerCount(tx, member.schoolId), before, null);
  await deleteMembership(tx, member, actor.userId);
}
