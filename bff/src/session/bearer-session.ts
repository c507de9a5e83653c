import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { SignJWT, importJWK, jwtVerify, type JWK } from 'jose';
import { sign as signCookie } from 'cookie-signature';
import { IDENTITY_TOKEN_ISSUER } from '@cuota/contracts/identity/identity-claims';
import { publishedIdentityKey } from '@cuota/service-runtime/identity/identity-token';
import type { BffConfig } from '../config/bff-config';
import { SESSION_COOKIE } from './session-middleware';

/** Who a bearer access token is for: API callers, never a service (ADR 0038). */
export const ACCESS_TOKEN_AUDIENCE = 'cuota-api';
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
const ALG = 'ES256';

declare module 'express-session' {
  interface SessionData {
    /** A token sign-in's current refresh token, as its SHA-256 (ADR 0038). */
    refresh_sha256?: string;
    /** The one it replaced: presented again, it ends the session (it was copied). */
    refresh_before_sha256?: string;
  }
}

/** Marks a request that came with a bearer token (res.locals): no CSRF, no cookie. */
export const isBearerCall = (res: Response) => res.locals.bearer === true;

export interface BearerTokens {
  /** A signed JWT naming the session (`sid`), for `Authorization: Bearer`. */
  issueAccess(sid: string): Promise<string>;
  /** The session an access token names, or null when it is not ours, expired or malformed. */
  sessionOf(access: string): Promise<string | null>;
  /** The claims of a valid access token (POST /auth/token/verify/). */
  claimsOf(access: string): Promise<{ sid: string; exp: number; iat: number } | null>;
  /** Reads `Authorization: Bearer` before express-session, as the cookie it stands for. */
  middleware: RequestHandler;
  /** A token answer or call sends no session cookie. */
  withoutCookie(res: Response): void;
}

export function createBearerTokens(config: BffConfig): BearerTokens {
  // The identity key's two halves and its id, worked out once, on first use.
  const keys = (async () => {
    const { jwk } = await publishedIdentityKey(config.identityPrivateJwk);
    return {
      kid: jwk.kid,
      privateKey: await importJWK(config.identityPrivateJwk, ALG),
      publicKey: await importJWK(jwk as JWK, ALG),
    };
  })();
  const claimsOf = async (access: string) => {
    const { publicKey } = await keys;
    try {
      const { payload } = await jwtVerify(access, publicKey, {
        issuer: IDENTITY_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: [ALG],
      });
      return typeof payload.sid === 'string'
        ? { sid: payload.sid, exp: payload.exp!, iat: payload.iat! }
        : null;
    } catch {
      return null;
    }
  };
  const sessionOf = async (access: string) => (await claimsOf(access))?.sid ?? null;
  const [secret] = config.sessionSecrets;
  return {
    issueAccess: async (sid) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: ALG, kid: (await keys).kid })
        .setIssuer(IDENTITY_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setJti(randomBytes(16).toString('base64url'))
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign((await keys).privateKey),
    sessionOf,
    claimsOf,
    middleware: async (req, res, next) => {
      const access = bearerOf(req);
      if (access === undefined) return next();
      res.locals.bearer = true;
      const sid = await sessionOf(access);
      // The token stands for the session cookie: express-session then loads the session (or
      // none, and the call is anonymous), refreshes and saves it as for a browser. A browser's
      // own cookie never rides along with a token, and a token call is sent no cookie.
      req.headers.cookie = sid
        ? `${SESSION_COOKIE}=${encodeURIComponent(`s:${signCookie(sid, secret!)}`)}`
        : '';
      withoutCookie(res);
      next();
    },
    withoutCookie,
  };
}

/** Drops every Set-Cookie the answer would carry, whoever sets it and whenever. */
function withoutCookie(res: Response) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    name.toLowerCase() === 'set-cookie' ? res : setHeader(name, value);
}

function bearerOf(req: Request): string | undefined {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** A new refresh token for a session: `<sid>.<256 random bits>`, and what the session keeps. */
export function newRefreshToken(sid: string): { token: string; sha256: string } {
  const token = `${Buffer.from(sid).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
  return { token, sha256: sha256(token) };
}

/** The session a refresh token names, or null when it is malformed. */
export function sessionOfRefresh(token: string): string | null {
  const [sid, secret] = token.split('.');
  if (!sid || !secret || token.split('.').length !== 2) return null;
  return Buffer.from(sid, 'base64url').toString() || null;
}

/** Whether `token` is the session's current refresh token (constant time). */
export function isCurrentRefresh(token: string, sha256Kept: string | undefined): boolean {
  if (!sha256Kept) return false;
  const presented = Buffer.from(sha256(token), 'hex');
  const kept = Buffer.from(sha256Kept, 'hex');
  return presented.length === kept.length && timingSafeEqual(presented, kept);
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
