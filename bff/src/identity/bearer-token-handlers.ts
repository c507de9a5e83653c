import { randomBytes } from 'node:crypto';
import type { SessionData } from 'express-session';
import {
  createToken,
  exchangeToken,
  guardianApiSignIn,
  logoutToken,
  refreshToken,
  staffApiToken,
  verifyToken,
} from '@cuota/contracts/identity/bearer-token-endpoints';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { BffContext } from '../bff-context';
import { implement } from '../http/bff-endpoints';
import { isCurrentRefresh, newRefreshToken, sessionOfRefresh } from '../session/bearer-session';
import { tokenSignIns } from './token-sign-in';

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
  const { pair, startPair, staffSignIn, guardianCodeSignIn } = tokenSignIns(ctx);
  const signInLimit = { before: [limiters.signInPerIp], csrf: false };

  return [
    implement(
      createToken,
      async ({ req, res, body }) => {
        await staffSignIn(req, res, body);
        return startPair(req);
      },
      signInLimit,
    ),
    implement(
      staffApiToken,
      async ({ req, res, body }) => ({
        token: await bearer.issueAccess(await staffSignIn(req, res, body)),
      }),
      signInLimit,
    ),
    // The portal's code sign-in (codes, attempts and lock-out as there), answered with tokens.
    implement(
      guardianApiSignIn,
      async ({ req, res, body }) => {
        await guardianCodeSignIn(req, res, body);
        return startPair(req);
      },
      signInLimit,
    ),
    // The browser's session stays; the app gets a session of its own with the same person,
    // so signing out of one leaves the other. CSRF-checked: it is a cookie call.
    implement(exchangeToken, async ({ req }) => {
      const sid = randomBytes(24).toString('base64url');
      const refresh = newRefreshToken(sid);
      await session.set(sid, {
        cookie: req.session.cookie,
        auth: req.session.auth,
        selected_school_id: req.session.selected_school_id ?? null,
        refresh_sha256: refresh.sha256,
      });
      return pair(sid, refresh.token);
    }),
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
