import { createHmac, randomInt } from 'node:crypto';
import type { BffConfig } from '../config/bff-config';
import type { RedisClient } from '../bff-deps';

export type CodeCheck =
  | { outcome: 'ok' }
  | { outcome: 'wrong'; attemptsLeft: number }
  /** Too many wrong tries from this client: refused here even if the next try is right. */
  | { outcome: 'locked' }
  /** None sent, all used, or all expired. */
  | { outcome: 'missing' };

/** Codes a guardian may hold at once: asking again never kills the one already e-mailed. */
export const LIVE_CODES = 3;

/**
 * One-time sign-in codes (ADR 0020). Only HMACs are kept, in a Redis hash per guardian
 * (digest → expiry), each code alive for the TTL; a new code joins the others (the newest
 * LIVE_CODES stay). Wrong tries count per guardian and client (IP): a stranger who guesses
 * wrong from elsewhere locks only themself, never the guardian's codes. Any right code signs
 * in and ends them all.
 */
export interface LoginCodes {
  /** Makes and stores a fresh 6-digit code; returns it for the e-mail (it is never stored). */
  issue(guardianId: string, client: string): Promise<string>;
  check(guardianId: string, code: string, client: string): Promise<CodeCheck>;
  /** Withdraws one code (its e-mail could not be sent). */
  revoke(guardianId: string, code: string): Promise<void>;
}

/**
 * Drops expired codes, adds one, keeps the newest LIVE_CODES, and gives the asking client a
 * fresh count of tries. KEYS[1] codes, KEYS[2] the client's wrong tries; ARGV[1] digest,
 * ARGV[2] its expiry (ms), ARGV[3] now (ms), ARGV[4] TTL (s), ARGV[5] LIVE_CODES.
 */
const ISSUE_SCRIPT = `
local now = tonumber(ARGV[3])
local all = redis.call('HGETALL', KEYS[1])
local live = {}
for i = 1, #all, 2 do
  if tonumber(all[i + 1]) <= now then redis.call('HDEL', KEYS[1], all[i])
  else table.insert(live, {all[i], tonumber(all[i + 1])}) end
end
table.sort(live, function(a, b) return a[2] < b[2] end)
for i = 1, #live - tonumber(ARGV[5]) + 1 do redis.call('HDEL', KEYS[1], live[i][1]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
redis.call('DEL', KEYS[2])
return 1
`;

/**
 * Atomic check. A right, live code deletes every code (single use) and the client's count;
 * a wrong one counts for this client only; the client's last allowed wrong try locks it out.
 * KEYS[1] codes, KEYS[2] the client's wrong tries; ARGV[1] digest, ARGV[2] max tries,
 * ARGV[3] now (ms), ARGV[4] TTL (s).
 */
const CHECK_SCRIPT = `
local max = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local fails = tonumber(redis.call('GET', KEYS[2]) or '0')
if fails >= max then return {'locked', 0} end
local all = redis.call('HGETALL', KEYS[1])
local live = 0
for i = 1, #all, 2 do
  if tonumber(all[i + 1]) <= now then redis.call('HDEL', KEYS[1], all[i])
  else live = live + 1 end
end
if live == 0 then return {'missing', 0} end
local expires = redis.call('HGET', KEYS[1], ARGV[1])
if expires and tonumber(expires) > now then
  redis.call('DEL', KEYS[1], KEYS[2])
  return {'ok', 0}
end
fails = redis.call('INCR', KEYS[2])
if fails == 1 then redis.call('EXPIRE', KEYS[2], tonumber(ARGV[4])) end
if fails >= max then return {'locked', 0} end
return {'wrong', max - fails}
`;

export function createLoginCodes(config: BffConfig, redis: RedisClient): LoginCodes {
  const { ttlSeconds, maxAttempts } = config.loginCode;
  const codesKey = (guardianId: string) => `${config.redisPrefix}login-code:${guardianId}`;
  const triesKey = (guardianId: string, client: string) =>
    `${config.redisPrefix}login-code-tries:${guardianId}:${client}`;
  const digest = (guardianId: string, code: string) =>
    createHmac('sha256', config.loginCodeSecret).update(`${guardianId}:${code}`).digest('hex');

  return {
    async issue(guardianId, client) {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      const now = Date.now();
      await redis.eval(ISSUE_SCRIPT, {
        keys: [codesKey(guardianId), triesKey(guardianId, client)],
        arguments: [
          digest(guardianId, code),
          String(now + ttlSeconds * 1000),
          String(now),
          String(ttlSeconds),
          String(LIVE_CODES),
        ],
      });
      return code;
    },
    async check(guardianId, code, client) {
      const [outcome, left] = (await redis.eval(CHECK_SCRIPT, {
        keys: [codesKey(guardianId), triesKey(guardianId, client)],
        arguments: [
          digest(guardianId, code),
          String(maxAttempts),
          String(Date.now()),
          String(ttlSeconds),
        ],
      })) as [CodeCheck['outcome'], number];
      return outcome === 'wrong' ? { outcome, attemptsLeft: Number(left) } : { outcome };
    },
    async revoke(guardianId, code) {
      await redis.hDel(codesKey(guardianId), digest(guardianId, code));
    },
  };
}
