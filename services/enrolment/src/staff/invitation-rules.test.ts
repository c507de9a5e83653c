import {
  invitationExpiry,
  invitationPending,
  isUsable,
  passwordResetExpiry,
} from './invitation-rules';

const now = new Date('2026-11-24T18:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

test('an invitation lasts 72 hours from when it is issued, a password reset one hour', () => {
  expect(invitationExpiry(now).toISOString()).toBe('2026-11-27T18:00:00.000Z');
  expect(passwordResetExpiry(now).toISOString()).toBe('2026-11-24T19:00:00.000Z');
});

test('usable: known, for this purpose, never used, and before its expiry (not at it)', () => {
  const open = { purpose: 'invitation', expiresAt: later(1), usedAt: null };
  expect(isUsable(open, 'invitation', now)).toBe(true);
  expect(isUsable(open, 'password_reset', now)).toBe(false);
  expect(isUsable({ ...open, expiresAt: now }, 'invitation', now)).toBe(false);
  expect(isUsable({ ...open, usedAt: later(-1000) }, 'invitation', now)).toBe(false);
  expect(isUsable(null, 'invitation', now)).toBe(false);
});

test('pending while none of the member’s links was used, expired invitations included', () => {
  const expired = { purpose: 'invitation', expiresAt: later(-1), usedAt: null };
  const used = { purpose: 'invitation', expiresAt: later(1000), usedAt: later(-10) };
  const resetUsed = { purpose: 'password_reset', expiresAt: later(1000), usedAt: later(-10) };
  const resetOpen = { purpose: 'password_reset', expiresAt: later(1000), usedAt: null };
  expect(invitationPending([expired])).toBe(true);
  expect(invitationPending([expired, used])).toBe(false);
  // A reset link used sets a password too: nothing is pending any more.
  expect(invitationPending([expired, resetUsed])).toBe(false);
  // Nobody invited them (a member created another way): nothing to send again.
  expect(invitationPending([])).toBe(false);
  expect(invitationPending([resetOpen])).toBe(false);
});
