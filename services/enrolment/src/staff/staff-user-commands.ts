import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type {
  PatchStaffUser,
  RedeemInvitation,
  ReplaceStaffUser,
} from '@cuota/contracts/enrolment/staff-users';
import { INVITATION_UNUSABLE } from '@cuota/contracts/enrolment/staff-users';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, notFound } from '@cuota/service-runtime/http/http-error';
import { staffInvitations, staffMemberships, staffUsers } from '../schema';
import { checkStaffChange, type Actor } from './admin-rules';
import { invitationTokenHash, issueInvitation } from './invitations';
import { storedGrant } from './membership-grant';
import { hashPassword, verifyPassword } from './password';

export const WRONG_CURRENT_PASSWORD = 'Tu contraseña actual no es correcta.';
export const NO_PENDING_INVITATION =
  'Esta persona no tiene una invitación pendiente en esta escuela: ya creó su contraseña o no forma parte del personal.';

/** PUT (every field) or PATCH (the fields sent) of the user themself. */
export async function updateOwnProfile(
  tx: Executor,
  userId: string,
  input: ReplaceStaffUser | PatchStaffUser,
): Promise<void> {
  const [user] = await tx.select().from(staffUsers).where(eq(staffUsers.id, userId)).for('update');
  if (!user) throw notFound('Tu usuario ya no existe.');
  const changes: Partial<typeof staffUsers.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if ('new_password' in input && input.new_password !== undefined) {
    if (!(await verifyPassword(input.current_password ?? '', user.passwordHash)))
      throw badRequest(WRONG_CURRENT_PASSWORD);
    changes.passwordHash = await hashPassword(input.new_password);
  }
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(staffUsers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(staffUsers.id, userId));
}

/**
 * A member of this school who has never set a password (no invitation of theirs was ever
 * used) gets a new one; the ones still open stop working.
 */
export async function reissueInvitation(
  tx: Executor,
  schoolId: string,
  email: string,
  actor: Actor,
): Promise<{ userId: string; name: string; role: string; token: string; expires_at: string }> {
  const [member] = await tx
    .select({
      userId: staffUsers.id,
      name: staffUsers.name,
      role: staffMemberships.role,
      permissions: staffMemberships.permissions,
    })
    .from(staffMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, staffMemberships.userId))
    .where(
      and(
        eq(staffMemberships.schoolId, schoolId),
        eq(staffMemberships.active, true),
        eq(sql`lower(${staffUsers.email})`, email.toLowerCase()),
      ),
    )
    .for('update', { of: staffUsers });
  if (!member) throw notFound(NO_PENDING_INVITATION);
  const invitations = await tx
    .select({ usedAt: staffInvitations.usedAt })
    .from(staffInvitations)
    .where(eq(staffInvitations.userId, member.userId));
  if (invitations.length === 0 || invitations.some((i) => i.usedAt))
    throw notFound(NO_PENDING_INVITATION);
  const grant = storedGrant(member);
  // Rule 2 as for any change to this member: a fresh token opens their account.
  checkStaffChange(actor, member.userId, grant, grant);
  const now = new Date();
  await tx
    .update(staffInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(staffInvitations.userId, member.userId),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  const invitation = await issueInvitation(tx, member.userId, actor.userId, now);
  return { userId: member.userId, name: member.name, role: member.role, ...invitation };
}

/**
 * The invited member sets their name and password: the token must be known, open and
 * unexpired; it is marked used (and the user's other open ones closed) in the same
 * transaction, so two tabs cannot both use it. Returns the user's id.
 */
export async function redeemInvitation(
  tx: Executor,
  input: RedeemInvitation,
  now = new Date(),
): Promise<string> {
  const [invitation] = await tx
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, invitationTokenHash(input.token)))
    .for('update');
  if (!invitation || invitation.usedAt || invitation.expiresAt <= now)
    throw notFound(INVITATION_UNUSABLE);
  const passwordHash = await hashPassword(input.password);
  await tx
    .update(staffUsers)
    .set({ name: input.name, passwordHash, updatedAt: now })
    .where(eq(staffUsers.id, invitation.userId));
  await tx
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(eq(staffInvitations.id, invitation.id));
  await tx
    .update(staffInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(staffInvitations.userId, invitation.userId),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  return invitation.userId;
}

/** Schools where the caller holds `staff.read` and the user is a member (what they may see). */
export async function sharedSchoolIds(
  tx: Executor,
  userId: string,
  readableSchoolIds: string[],
): Promise<string[]> {
  if (readableSchoolIds.length === 0) return [];
  const rows = await tx
    .select({ schoolId: staffMemberships.schoolId })
    .from(staffMemberships)
    .where(
      and(
        eq(staffMemberships.userId, userId),
        inArray(staffMemberships.schoolId, readableSchoolIds),
      ),
    );
  return rows.map((r) => r.schoolId);
}
