import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@cuota/messaging/transaction';
import { invitationExpiry } from './invitation-rules';
import { insertInvitation } from './staff-invitation-repository';

/**
 * 32 random bytes leave nothing to guess, so a plain SHA-256 is enough at rest (a slow hash
 * protects low-entropy secrets such as passwords, not these).
 */
export const invitationTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/** A one-time set-password token for a new staff user, valid 72 hours; answered once. */
export async function issueInvitation(
  tx: Executor,
  userId: string,
  createdBy: string,
  now = new Date(),
): Promise<{ token: string; expires_at: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = invitationExpiry(now);
  await insertInvitation(tx, {
    userId,
    tokenHash: invitationTokenHash(token),
    expiresAt,
    createdBy,
  });
  return { token, expires_at: expiresAt.toISOString() };
}
