import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { invitationExpiry, isUsable, type LinkPurpose } from './invitation-rules';
import {
  closeOpenInvitations,
  insertInvitation,
  lockInvitationByTokenHash,
  markInvitationUsed,
} from './staff-invitation-repository';

/**
 * 32 random bytes leave nothing to guess, so a plain SHA-256 is enough at rest (a slow hash
 * protects low-entropy secrets such as passwords, not these).
 */
export const invitationTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('hex');

export interface IssuedLink {
  token: string;
  expires_at: string;
}

/** A one-time set-password link: the token goes to its user, only its hash is kept. */
export async function issueSetPasswordLink(
  tx: Executor,
  link: { userId: string; createdBy: string; purpose: LinkPurpose; expiresAt: Date },
): Promise<IssuedLink> {
  const token = randomBytes(32).toString('base64url');
  await insertInvitation(tx, { ...link, tokenHash: invitationTokenHash(token) });
  return { token, expires_at: link.expiresAt.toISOString() };
}

/** A one-time set-password token for a new staff user, valid 72 hours; answered once. */
export const issueInvitation = (
  tx: Executor,
  userId: string,
  createdBy: string,
  now = new Date(),
) =>
  issueSetPasswordLink(tx, {
    userId,
    createdBy,
    purpose: 'invitation',
    expiresAt: invitationExpiry(now),
  });

/**
 * Uses a link: it must be known, for `purpose`, open and unexpired (else a 404 saying
 * `unusable`, nothing written); it is marked used and the user's other open links closed in
 * the same transaction, so two tabs cannot both use it. Returns the user's id.
 */
export async function spendSetPasswordLink(
  tx: Executor,
  token: string,
  purpose: LinkPurpose,
  unusable: string,
  now: Date,
): Promise<string> {
  const link = await lockInvitationByTokenHash(tx, invitationTokenHash(token));
  if (!link || !isUsable(link, purpose, now)) throw notFound(unusable);
  await markInvitationUsed(tx, link.id, now);
  await closeOpenInvitations(tx, link.userId, now);
  return link.userId;
}
