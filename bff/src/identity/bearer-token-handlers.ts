import type { Request, Response } from 'express';
import type { SessionData } from 'express-session';
import {
  createToken,
  logoutToken,
  refreshToken,
  staffApiToken,
  verifyToken,
} from '@cuota/contracts/identity/bearer-token-endpoints';
import type { StaffCredentials } from '@cuota/contracts/identity/sign-in';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { BffContext } from '../bff-context';
import { implement } from '../http/bff-endpoints';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  isCurrentRefresh,
  newRefreshToken,
  sessionOfRefresh,
} from '../session/bearer-session';
import { saveSession } from '../session/session-lifecycle';
import { signInStaff, staffAccount } from './sign-in';

const INVALID_REFRESH = 'El token de renovación no es válido o ya expiró. Inicia sesión de nuevo.';
const INVALID_ACCESS = 'El token no es válido o ya expiró.';
const unauthenticated = (message: string) => new HttpError(401, 'UNAUTHENTICATED', message);

/**
 * Bearer tokens (ADR 0038): a staff sign-in that answers tokens instead of a cookie, their
 * refresh (rotating), verification and logout. A token names a session in Redis, so it is
 * refreshed, limited and ended exactly as the browser's session is.
 */
export function bearerTokenHandlers(ctx: BffContext) {
  const { limiters, sessionStore: store, bearer } = ctx;
  const session = {
    get: async (sid: string) => ((await store.get(sid)) ?? null) as SessionData | null,
    set: (sid: string, data: SessionData) => store.set(sid, data),
    end: (sid: string) => store.destroy(sid),
  };
  const pair = async (sid: string, refresh: string) => ({
    access: await bearer.issueAccess(sid),
    refresh,
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  });

  /** The dashboard's sign-in, limits and lockout included, answered with tokens, no cookie. */
  const signIn = async (req: Request, res: Response, credentials: StaffCredentials) => {
    res.locals.bearer = true;
    bearer.withoutCookie(res);
    await ctx.signInFailures.attempt(req, staffAccount(credentials.email), () =>
      signInStaff(req, ctx, credentials),
    );
    return req.sessionID;
  };
  const signInLimit = { before: [limiters.signInPerIp], csrf: false };

  return [
    implement(
      createToken,
      async ({ req, res, body }) => {
        const sid = await signIn(req, res, body);
        const refresh = newRefreshToken(sid);
        req.session.refresh_sha256 = refresh.sha256;
        await saveSession(req);
        return pair(sid, refresh.token);
      },
      signInLimit,
    ),
    implement(
      staffApiToken,
      async ({ req, res, body }) => ({
        token: await bearer.issueAccess(await signIn(req, res, body)),
      }),
      signInLimit,
    ),
    implement(
      refreshToken,
      async ({ body }) => {
        const sid = sessionOfRefresh(body.refresh);
        const data = sid ? await session.get(sid) : null;
        if (!sid || !data?.auth) throw unauthenticated(INVALID_REFRESH);
        if (isCurrentRefresh(body.refresh, data.refresh_before_sha256)) {
          // Used twice: a copy is in other hands. Both must sign in again.
          await session.end(sid);
          throw unauthenticated(INVALID_REFRESH);
        }
        if (!isCurrentRefresh(body.refresh, data.refresh_sha256))
          throw unauthenticated(INVALID_REFRESH);
        const next = newRefreshToken(sid);
        await session.set(sid, {
          ...data,
          refresh_before_sha256: data.refresh_sha256,
          refresh_sha256: next.sha256,
        });
        return pair(sid, next.token);
      },
      { before: [limiters.signInPerIp], csrf: false },
    ),
    implement(
      verifyToken,
      async ({ body }) => {
        const claims = await bearer.claimsOf(body.token);
        const data = claims ? await session.get(claims.sid) : null;
        if (!claims || !data?.auth) throw unauthenticated(INVALID_ACCESS);
        return { valid: true as const, expires_at: claims.exp, issued_at: claims.iat };
      },
      { csrf: false },
    ),
    implement(
      logoutToken,
      async ({ body }) => {
        const sid = sessionOfRefresh(body.refresh);
        const data = sid ? await session.get(sid) : null;
        // Only the holder of the current refresh token ends the session; anything else is
        // answered the same, so the call tells nobody whether a session exists.
        if (sid && data && isCurrentRefresh(body.refresh, data.refresh_sha256))
          await session.end(sid);
        return { detail: 'Sesión cerrada.' };
      },
      { csrf: false },
    ),
  ];
}
