import { guardianSession, staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { decideGuardianAccess, type GuardianAccessInput } from './guardian-access';

const HASH = 'k3v9Qz7mWp2Lr8Xt5Yb1Nc4Hd6Fg0Js2';
const home = `/guardians/${HASH}`;

const signedIn = (subpath: string, user = guardianSession().user): GuardianAccessInput => ({
  status: 'authenticated',
  user,
  guardianHash: HASH,
  subpath,
});

test('while the session loads nothing is decided', () => {
  expect(
    decideGuardianAccess({ status: 'loading', user: null, guardianHash: HASH, subpath: '' }),
  ).toEqual({ kind: 'allow' });
});

test('without a session every guardian page leads to the login page', () => {
  const input = { status: 'unauthenticated' as const, user: null, guardianHash: HASH };
  expect(decideGuardianAccess({ ...input, subpath: 'payments/history' })).toEqual({
    kind: 'sign-in',
    loginPath: `${home}/login`,
    onLoginPage: false,
  });
  expect(decideGuardianAccess({ ...input, subpath: 'login' })).toMatchObject({
    kind: 'sign-in',
    onLoginPage: true,
  });
});

test("another guardian's or a staff session does not open this guardian's pages", () => {
  const other = guardianSession({ guardian_hash: 'someone-else' }).user;
  expect(decideGuardianAccess(signedIn('', other)).kind).toBe('sign-in');
  expect(decideGuardianAccess(signedIn('', staffSession().user)).kind).toBe('sign-in');
});

test('an unfinished onboarding forces the onboarding page, except on it', () => {
  const user = guardianSession({ onboarding_stage: 'BILLING' }).user;
  expect(decideGuardianAccess(signedIn('students', user))).toEqual({
    kind: 'redirect',
    to: `${home}/onboarding`,
  });
  expect(decideGuardianAccess(signedIn('onboarding', user))).toEqual({ kind: 'allow' });
  expect(decideGuardianAccess(signedIn('login', user))).toEqual({
    kind: 'redirect',
    to: `${home}/onboarding`,
  });
});

test('a high-risk guardian is sent home from students, subscriptions and payment history', () => {
  const user = guardianSession({ fraud_status: 'high_risk' }).user;
  for (const page of ['students', 'subscriptions', 'payments/history']) {
    expect(decideGuardianAccess(signedIn(page, user))).toEqual({ kind: 'redirect', to: home });
  }
  expect(decideGuardianAccess(signedIn('', user))).toEqual({ kind: 'allow' });
});

test('a signed-in guardian on the login page goes home', () => {
  expect(decideGuardianAccess(signedIn('login'))).toEqual({ kind: 'redirect', to: home });
  expect(decideGuardianAccess(signedIn('payments/history'))).toEqual({ kind: 'allow' });
});
