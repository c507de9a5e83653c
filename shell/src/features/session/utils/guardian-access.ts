import type { SessionStatus, SessionUser } from '@cuota/contracts/identity/session';

export type GuardianAccess =
  | { kind: 'allow' }
  /** Not signed in as this guardian: clear local storage, then the login page. */
  | { kind: 'sign-in'; loginPath: string; onLoginPage: boolean }
  | { kind: 'redirect'; to: string };

export interface GuardianAccessInput {
  status: SessionStatus;
  user: SessionUser | null;
  guardianHash: string;
  /** The path under /guardians/{hash}, without slashes at the ends ('' is home). */
  subpath: string;
}

/** Spec §2/§6: pages a high-risk guardian loses. */
const HIGH_RISK_BLOCKED = ['students', 'subscriptions', 'payments/history'];

const within = (subpath: string, page: string) =>
  subpath === page || subpath.startsWith(`${page}/`);

const ALLOW: GuardianAccess = { kind: 'allow' };

/**
 * Spec §4 rules for guardian pages. A session for another guardian (or for staff) does
 * not open this guardian's pages: it counts as not signed in here.
 */
export function decideGuardianAccess(input: GuardianAccessInput): GuardianAccess {
  const { status, user, guardianHash, subpath } = input;
  const home = `/guardians/${guardianHash}`;
  if (status === 'loading') return ALLOW;
  const signedInHere =
    status === 'authenticated' && user?.kind === 'guardian' && user.guardian_hash === guardianHash;
  if (!signedInHere || !user) {
    return { kind: 'sign-in', loginPath: `${home}/login`, onLoginPage: subpath === 'login' };
  }
  const onboarding = user.onboarding_stage !== 'COMPLETED';
  if (subpath === 'login')
    return { kind: 'redirect', to: onboarding ? `${home}/onboarding` : home };
  if (onboarding && !within(subpath, 'onboarding')) {
    return { kind: 'redirect', to: `${home}/onboarding` };
  }
  if (user.fraud_status === 'high_risk' && HIGH_RISK_BLOCKED.some((p) => within(subpath, p))) {
    return { kind: 'redirect', to: home };
  }
  return ALLOW;
}
