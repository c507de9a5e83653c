import { invitationExpiry, invitationPending, isUsable } from './invitation-rules';

const now = new Date('2026-11-24T18:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

test('an invitation lasts 72 hours from when it is issued', () => {
  expect(invitationExpiry(now).toISOString()).toBe('2026-11-27T18:00:00.000Z');
});

test('usable: known, never used, and before its expiry (not at it)', () => {
  const open = { expiresAt: later(1), usedAt: null };
  expect(isUsable(open, now)).toBe(true);
  expect(isUsable({ ...open, expiresAt: now }, now)).toBe(false);
  expect(isUsable({ ...open, usedAt: later(-1000) }, now)).toBe(false);
  expect(isUsable(null, now)).toBe(false);
});

test('pending while none of the member’s invitations was used, expired ones included', () => {
  const expired = { expiresAt: later(-1), usedAt: null };
  const used = { expiresAt: later(1000), usedAt: later(-10) };
  expect(invitationPending([expired])).toBe(true);
  expect(invitationPending([expired, used])).toBe(false);
  // Nobody invited them (a member created another way): nothing to send again.
  expect(invitationPending([])).toBe(false);
});
