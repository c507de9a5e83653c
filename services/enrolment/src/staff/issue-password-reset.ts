import type { Executor } from '@cuota/messaging/transaction';
import { passwordResetExpiry } from './invitation-rules';
import { issueSetPasswordLink } from './invitations';
import type { PasswordResetMailInput } from './password-reset-mail';
import { staffUserByEmail } from './staff-user-repository';

/**
 * A reset link for the staff user with this e-mail (null when there is none: the caller
 * answers the same). Earlier links stay open, so a stranger asking for resets cannot spoil
 * the one the user is about to use; using any of them closes the rest.
 */
export async function issuePasswordReset(
  tx: Executor,
  email: string,
  now = new Date(),
): Promise<PasswordResetMailInput | null> {
  const user = await staffUserByEmail(tx, email);
  if (!user) return null;
  const link = await issueSetPasswordLink(tx, {
    userId: user.id,
    createdBy: user.id,
    purpose: 'password_reset',
    expiresAt: passwordResetExpiry(now),
  });
  return { to: user.email, name: user.name, token: link.token, expiresAt: link.expires_at };
}
