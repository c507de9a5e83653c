import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { checkStaffChange, type Actor } from './admin-rules';
import { invitationPending } from './invitation-rules';
import { issueInvitation } from './invitations';
import { storedGrant } from './membership-grant';
import { lockActiveMemberByEmail } from './school-staff-repository';
import { closeOpenInvitations, invitationsOf } from './staff-invitation-repository';

export const NO_PENDING_INVITATION =
  'Esta persona no tiene una invitación pendiente en esta escuela: ya creó su contraseña o no forma parte del personal.';

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
