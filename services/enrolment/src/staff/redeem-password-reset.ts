import {
  PASSWORD_RESET_UNUSABLE,
  type ResetPassword,
} from '@cuota/contracts/enrolment/staff-users';
import type { Executor } from '@cuota/messaging/transaction';
import { spendSetPasswordLink } from './invitations';
import { hashPassword } from './password';
import { saveStaffUser } from './staff-user-repository';

/** The link's user gets the new password; the link, and every other open one, is spent. */
export async function redeemPasswordReset(
  tx: Executor,
  input: ResetPassword,
  now = new Date(),
): Promise<string> {
  const userId = await spendSetPasswordLink(
    tx,
    input.token,
    'password_reset',
    PASSWORD_RESET_UNUSABLE,
    now,
  );
  await saveStaffUser(tx, userId, { passwordHash: await hashPassword(input.password) });
  return userId;
}
