import type { RedeemInvitation } from '@cuota/contracts/enrolment/staff-users';
import { INVITATION_UNUSABLE } from '@cuota/contracts/enrolment/staff-users';
import type { Executor } from '@cuota/messaging/transaction';
import { spendSetPasswordLink } from './invitations';
import { hashPassword } from './password';
import { saveStaffUser } from './staff-user-repository';

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
