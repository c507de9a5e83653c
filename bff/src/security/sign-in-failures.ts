import type { Request } from 'express';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { RateLimitRule } from '../config/bff-config';
import type { RedisClient } from '../bff-deps';
import { clientKeyOf } from './client-key';
import { rateLimitedError, waitText } from './rate-limits';

/**
 * Failed sign-ins counted per account and client (ADR 0020): after `limit` failures within
 * the window, that client may not try that account again until the window ends. Another
 * client (the account's owner elsewhere) is not affected, so a stranger cannot lock anybody
 * out; a success clears the count. Guessing from many clients is bounded by the per-IP limit.
 */
export interface SignInFailures {
  /** Runs the attempt unless this client is blocked for this account; counts a failure. */
  attempt<T>(req: Request, account: string, run: () => Promise<T>): Promise<T>;
}

export function createSignInFailures(
  rule: RateLimitRule,
  redis: RedisClient,
  prefix: string,
): SignInFailures {
  const keyOf = (req: Request, account: string) =>
    `${prefix}sign-in-failures:${account}|${clientKeyOf(req)}`;
  return {
    async attempt(req, account, run) {
      const key = keyOf(req, account);
      const failures = Number((await redis.get(key)) ?? 0);
      if (failures >= rule.limit) {
        const ttl = await redis.pTTL(key);
        throw rateLimitedError(
          `Demasiados intentos de inicio de sesión. Espera ${waitText(ttl)} e intenta de nuevo.`,
        );
      }
      try {
        const result = await run();
        await redis.del(key);
        return result;
      } catch (err) {
        // A service that could not answer is nobody's failed attempt.
        if (!(err instanceof HttpError && err.status >= 500))
          await redis.multi().incr(key).pExpire(key, rule.windowMs, 'NX').exec();
        throw err;
      }
    },
  };
}
