import type { Request, Response } from 'express';
import type { StaffCredentials } from '@cuota/contracts/identity/sign-in';
import type { BffContext } from '../bff-context';

type GuardianCode = { guardian_hash: string; code: string };
import { ACCESS_TOKEN_TTL_SECONDS, newRefreshToken } from '../session/bearer-session';
import { saveSession } from '../session/session-lifecycle';
import { signInGuardianWithCode, signInStaff, staffAccount } from './sign-in';

/**
 * What every sign-in answered with tokens shares (ADR 0038): it runs the browser's sign-in
 * (limits, lockout and errors included) without a cookie, then hands out the session's pair.
 */
export function tokenSignIns(ctx: BffContext) {
  const { bearer } = ctx;
  const pair = async (sid: string, refresh: string) => ({
    access: await bearer.issueAccess(sid),
    refresh,
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  });

  /** A sign-in answered with tokens, not a cookie: the session it started. */
  const tokenSession = async (req: Request, res: Response, signIn: () => Promise<void>) => {
    res.locals.bearer = true;
    bearer.withoutCookie(res);
    await signIn();
    return req.sessionID;
  };

  /** The signed-in session's first pair; only the refresh token's hash is kept. */
  const startPair = async (req: Request) => {
    const refresh = newRefreshToken(req.sessionID);
    req.session.refresh_sha256 = refresh.sha256;
    await saveSession(req);
    return pair(req.sessionID, refresh.token);
  };

  /** The dashboard's sign-in, limits and lockout included. */
  const staffSignIn = (req: Request, res: Response, credentials: StaffCredentials) =>
    tokenSession(req, res, () =>
      ctx.signInFailures.attempt(req, staffAccount(credentials.email), () =>
        signInStaff(req, ctx, credentials),
      ),
    );

  /** The portal's code sign-in (codes, attempts and lock-out as there). */
  const guardianCodeSignIn = (req: Request, res: Response, input: GuardianCode) =>
    tokenSession(req, res, () => signInGuardianWithCode(req, ctx, input));

  return { pair, tokenSession, startPair, staffSignIn, guardianCodeSignIn };
}
