import type { Request, RequestHandler } from 'express';
import session, { type SessionData } from 'express-session';
import { RedisStore } from 'connect-redis';
import type { BffConfig } from '../config/bff-config';
import type { SessionRedisClient } from '../bff-deps';
import { isLeanSession, leanSessionRead } from './lean-session-read';
import './session-data';

export const SESSION_COOKIE = 'cuota.sid';

/**
 * The browser keeps the cookie this long after its last visit; the session itself lives in
 * Redis only for the idle timeout. A cookie that outlives its session is how the BFF tells
 * "your session expired" from "you never signed in".
 */
const COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * A session's idle time is renewed in Redis (and its cookie re-sent) at most once per tenth
 * of the idle timeout, so a signed-in read costs one Redis GET and no write: express-session's
 * per-request touch and `rolling` cookie were a Redis write and a signature on every call.
 * A session may therefore end up to a tenth of the idle timeout early; never late.
 */
const RENEWALS_PER_IDLE_TIMEOUT = 10;

/** Where sessions live: Redis, for the idle timeout (cookie and bearer calls alike). */
export function createSessionStore(config: BffConfig, redis: SessionRedisClient): RedisStore {
  const idleSeconds = Math.ceil(config.sessionIdleTimeoutMs / 1000);
  return new RedisStore({
    client: redis,
    prefix: `${config.redisPrefix}sess:`,
    ttl: () => idleSeconds,
    disableTouch: true,
  });
}

/**
 * The session of each request: `leanReads` (the calls the BFF forwards) read it as plain data,
 * everything else, and every write, through express-session (lean-session-read.ts).
 */
export function createSessionMiddleware(
  config: BffConfig,
  store: RedisStore,
  leanReads: (req: Request) => boolean,
): RequestHandler[] {
  const renewEveryMs = config.sessionIdleTimeoutMs / RENEWALS_PER_IDLE_TIMEOUT;
  const cookieSessions = sessionCookie(config, store);
  const lean = leanSessionRead(
    {
      name: SESSION_COOKIE,
      secrets: config.sessionSecrets,
      readStored: (sid) => store.client.get(`${store.prefix}${sid}`),
      appliesTo: leanReads,
      dueForWrite: (stored) => renewalDue(stored, renewEveryMs),
    },
    cookieSessions,
  );
  return [lean, cookieSessions, renewWhenDue(renewEveryMs)];
}

function sessionCookie(config: BffConfig, store: RedisStore) {
  return session({
    name: SESSION_COOKIE,
    secret: config.sessionSecrets,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: 'destroy',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.nodeEnv === 'production',
      path: '/',
      maxAge: COOKIE_MAX_AGE_MS,
    },
  });
}

const renewalDue = (stored: Partial<SessionData>, everyMs: number, now = Date.now()) =>
  !(now - (stored.renewed_at ?? 0) < everyMs);

/** Marks a stored session renewed when its last renewal is `everyMs` old: it is saved then. */
function renewWhenDue(everyMs: number): RequestHandler {
  return (req, _res, next) => {
    const current = req.session;
    // A lean copy was not due when read (and cannot be saved); only sessions that hold
    // something exist in Redis: an empty one must stay unsaved.
    if (!current || isLeanSession(req)) return next();
    const stored = Object.keys(current).some((k) => k !== 'cookie');
    const now = Date.now();
    if (stored && renewalDue(current, everyMs, now)) current.renewed_at = now;
    next();
  };
}
