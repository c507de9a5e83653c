import { STAFF_INVITATION_TTL_HOURS } from '@cuota/contracts/enrolment/staff';
import { PASSWORD_RESET_TTL_MINUTES } from '@cuota/contracts/enrolment/staff-users';

/** What a one-time set-password link is for: a new member's first password, or a forgotten one. */
export type LinkPurpose = 'invitation' | 'password_reset';

interface SetPasswordLink {
  purpose: string;
  expiresAt: Date;
  usedAt: Date | null;
}

/** An invitation issued `now` stops working 72 hours later. */
export const invitationExpiry = (now: Date) =>
  new Date(now.getTime() + STAFF_INVITATION_TTL_HOURS * 3600 * 1000);

/** A password-reset link sent `now` stops working an hour later. */
export const passwordResetExpiry = (now: Date) =>
  new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000);

/** Known, for this purpose, never used and not yet expired (at `now` itself it has expired). */
export const isUsable = (link: SetPasswordLink | null, purpose: LinkPurpose, now: Date) =>
  !!link && link.purpose === purpose && !link.usedAt && link.expiresAt > now;

/**
 * The member was invited and never set a password: no link of theirs (invitation or reset)
 * was used. An expired invitation still counts as pending, so it can be sent again (ADR 0013).
 */
export const invitationPending = (links: readonly SetPasswordLink[]) =>
  links.some((l) => l.purpose === 'invitation') && links.every((l) => !l.usedAt);
