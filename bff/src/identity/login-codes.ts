import { createHmac, randomInt } from 'node:crypto';
import type { BffConfig } from '../config/bff-config';
import type { RedisClient } from '../bff-deps';

export type CodeCheck =
  | { outcome: 'ok' }
  | { outcome: 'wrong'; attemptsLeft: number }
  /** Too many wrong tries: this code is dead even if the next try is right. */
  | { outcome: 'locked' }
  /** Never sent, already used, or expired. */
  | { outcome: 'missing' };

/**
 * One-time sign-in codes. Only an HMAC of the code is kept (Redis hash: digest, attempts),
 * under the guardian's id, for the TTL; a new code replaces the previous one.
 */
export interface LoginCodes {
  /** Makes and stores a fresh 6-digit code; returns it for the e-mail (it is never stored). */
  issue(guardianId: string): Promise<string>;
  check(guardianId: string, code: string): Promise<CodeCheck>;
  revoke(guardianId: string): Promise<void>;
}

/**
 * Atomic check: a right code is deleted (single use); a wrong one counts; the last allowed
 * wrong try locks the code. KEYS[1] code key; ARGV[1] digest; ARGV[2] max attempts.
 */
const CHECK_SCRIPT = `
local digest = redis.call('HGET', KEYS[1], 'digest')
if not digest then return {'missing', 0} end
local max = tonumber(ARGV[2])
local attempts = tonumber(redis.call('HGET', KEYS[1], 'attempts') or '0')
if attempts >= max then return {'locked', 0} end
if digest == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return {'ok', 0}
end
attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
if attempts >= max then return {'locked', 0} end
return {'wrong', max - attempts}
`;

export function createLoginCodes(config: BffConfig, redis: RedisClient): LoginCodes {
  const { ttlSeconds, maxAttempts } = config.loginCode;
  const key = (guardianId: string) => `${config.redisPrefix}login-code:${guardianId}`;
  const digest = (guardianId: string, code: string) =>
    createHmac('sha256', config.loginCodeSecret).update(`${guardianId}:${code}`).digest('hex');

  return {
    async issue(guardianId) {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await redis
        .multi()
        .del(key(guardianId))
        .hSet(key(guardianId), { digest: digest(guardianId, code), attempts: '0' })
        .expire(key(guardianId), ttlSeconds)
        .exec();
      return code;
    },
    async check(guardianId, code) {
      const [outcome, left] = (await redis.eval(CHECK_SCRIPT, {
        keys: [key(guardianId)],
        arguments: [digest(guardianId, code), String(maxAttempts)],
      })) as [CodeCheck['outcome'], number];
      return outcome === 'wrong' ? { outcome, attemptsLeft: Number(left) } : { outcome };
    },
    async revoke(guardianId) {
      await redis.del(key(guardianId));
    },
  };
}
