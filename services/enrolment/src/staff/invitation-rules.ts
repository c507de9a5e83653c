import { STAFF_INVITATION_TTL_HOURS } from '@cuota/contracts/enrolment/staff';

interface Invitation {
  expiresAt: Date;
  usedAt: Date | null;
}

/** An invitation issued `now` stops working 72 hours later. */
export const invitationExpiry = (now: Date) =>
  new Date(now.getTime() + STAFF_INVITATION_TTL_HOURS * 3600 * 1000);

/** Known, never used and not yet expired (at `now` itself it has expired). */
export const isUsable = (invitation: Invitation | null, now: Date) =>
  !!invitation && !invitation.usedAt && invitation.expiresAt > now;

/**
 * The member was invited and never set a password: none of their invitations was used. An
 * expired one still counts as pending, so it can be sent again (ADR 0013).
 */
export const invitationPending = (invitations: readonly Invitation[]) =>
  invitations.length > 0 && invitations.every((i) => !i.usedAt);
