import type {
  PatchStaffUser,
  RedeemInvitation,
  ReplaceStaffUser,
} from '@cuota/contracts/enrolment/staff-users';
import { INVITATION_UNUSABLE } from '@cuota/contracts/enrolment/staff-users';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, notFound } from '@cuota/service-runtime/http/http-error';
import { checkStaffChange, type Actor } from './admin-rules';
import { invitationPending } from './invitation-rules';
import { issueInvitation, spendSetPasswordLink } from './invitations';
import { storedGrant } from './membership-grant';
import { hashPassword, verifyPassword } from './password';
import { lockActiveMemberByEmail } from './school-staff-repository';
import { closeOpenInvitations, invitationsOf } from './staff-invitation-repository';
import { saveStaffUser, staffUserById, type StaffUserChanges } from './staff-user-repository';

export const WRONG_CURRENT_PASSWORD = 'Tu contraseña actual no es correcta.';
export const NO_PENDING_INVITATION =
  'Esta persona no tiene una invitación pendiente en esta escuela: ya creó su contraseña o no forma parte del personal.';
export const USER_GONE = 'Tu usuario ya no existe.';

/** PUT (every field) or PATCH (the fields sent) of the user themself. */
export async function updateOwnProfile(
  tx: Executor,
  userId: string,
  input: ReplaceStaffUser | PatchStaffUser,
): Promise<void> {
  const user = await staffUserById(tx, userId, { lock: true });
  if (!user) throw notFound(USER_GONE);
  const changes: StaffUserChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if ('new_password' in input && input.new_password !== undefined) {
    if (!(await verifyPassword(input.current_password ?? '', user.passwordHash)))
      throw badRequest(WRONG_CURRENT_PASSWORD);
    changes.passwordHash = await hashPassword(input.new_password);
  }
  if (Object.keys(changes).length) await saveStaffUser(tx, userId, changes);
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
): Promise<{ userId: string; token: string; expires_at: string }> {
  const member = await lockActiveMemberByEmail(tx, schoolId, email);
  if (!member || !invitationPending(await invitationsOf(tx, member.userId)))
    throw notFound(NO_PENDING_INVITATION);
  const grant = storedGrant(member);
  // Rule 2 as for any change to this member: a fresh token opens their account.
  checkStaffChange(actor, member.userId, grant, grant);
  const now = new Date();
  await closeOpenInvitations(tx, member.userId, now);
  return {
    userId: member.userId,
    ...(await issueInvitation(tx, member.userId, actor.userId, now)),
  };
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
  const userId = await spendSetPasswordLink(
    tx,
    input.token,
    'invitation',
    INVITATION_UNUSABLE,
    now,
  );
  await saveStaffUser(tx, userId, {
    name: input.name,
    passwordHash: await hashPassword(input.password),
  });
  return userId;
}
