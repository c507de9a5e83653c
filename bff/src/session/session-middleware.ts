import type { RequestHandler } from 'express';
import session from 'express-session';
import { RedisStore } from 'connect-redis';
import type { BffConfig } from '../config/bff-config';
import type { RedisClient } from '../bff-deps';
import './session-data';

export const SESSION_COOKIE = 'cuota.sid';

/**
 * The browser keeps the cookie this long after its last visit; the session itself lives in
 * Redis only for the idle timeout. A cookie that outlives its session is how the BFF tells
 * "your session expired" from "you never signed in".
 */
const COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export function createSessionMiddleware(config: BffConfig, redis: RedisClient): RequestHandler {
  const idleSeconds = Math.ceil(config.sessionIdleTimeoutMs / 1000);
  return session({
    name: SESSION_COOKIE,
    secret: config.sessionSecrets,
    store: new RedisStore({
      client: redis,
      prefix: `${config.redisPrefix}sess:`,
      ttl: () => idleSeconds,
    }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
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
