import { createClient } from 'redis';
import { REDIS_URL, uniqueSuffix } from '@cuota/testing/environment';
import type { RedisClient } from '../bff-deps';
import type { BffConfig } from '../config/bff-config';
import { createLoginCodes, LIVE_CODES } from './login-codes';

let redis: RedisClient;
const prefix = `t-codes-${uniqueSuffix()}:`;
const config = (ttlSeconds = 600) =>
  ({
    redisPrefix: prefix,
    loginCodeSecret: 'secret-for-tests',
    loginCode: { ttlSeconds, maxAttempts: 5 },
  }) as BffConfig;

beforeAll(async () => {
  redis = createClient({ url: REDIS_URL });
  await redis.connect();
});
afterAll(async () => {
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}*` }))
    if (keys.length) await redis.del(keys);
  await redis.close();
});

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const HERE = '203.0.113.7';
const ELSEWHERE = '198.51.100.4';

test('six digits; only an HMAC is stored, with the TTL', async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-1', HERE);
  expect(code).toMatch(/^\d{6}$/);
  const stored = await redis.hGetAll(`${prefix}login-code:g-1`);
  expect(Object.keys(stored)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
  expect(JSON.stringify(stored)).not.toContain(code);
  expect(await redis.ttl(`${prefix}login-code:g-1`)).toBeGreaterThan(590);
});

test('a right code works once, and ends the other codes too', async () => {
  const codes = createLoginCodes(config(), redis);
  const first = await codes.issue('g-2', HERE);
  const second = await codes.issue('g-2', HERE);
  expect(await codes.check('g-2', second, HERE)).toEqual({ outcome: 'ok' });
  expect(await codes.check('g-2', second, HERE)).toEqual({ outcome: 'missing' });
  expect(await codes.check('g-2', first, HERE)).toEqual({ outcome: 'missing' });
});

test('a code is bound to its guardian', async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-3', HERE);
  await codes.issue('g-4', HERE);
  expect((await codes.check('g-4', code, HERE)).outcome).not.toBe('ok');
});

test('asking again does not kill the code already sent; the newest three live', async () => {
  const codes = createLoginCodes(config(), redis);
  const sent = [];
  for (let i = 0; i < LIVE_CODES; i++) sent.push(await codes.issue('g-8', ELSEWHERE));
  expect(await codes.check('g-8', sent[0]!, HERE)).toEqual({ outcome: 'ok' });
  const again = [];
  for (let i = 0; i <= LIVE_CODES; i++) again.push(await codes.issue('g-8', ELSEWHERE));
  // The oldest of four is the one that goes.
  expect((await codes.check('g-8', again[0]!, HERE)).outcome).toBe('wrong');
  expect(await codes.check('g-8', again[1]!, HERE)).toEqual({ outcome: 'ok' });
});

test("five wrong tries lock that client out, even with the right code; nobody else's", async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-5', HERE);
  for (const left of [4, 3, 2, 1])
    expect(await codes.check('g-5', wrongOf(code), ELSEWHERE)).toEqual({
      outcome: 'wrong',
      attemptsLeft: left,
    });
  expect(await codes.check('g-5', wrongOf(code), ELSEWHERE)).toEqual({ outcome: 'locked' });
  expect(await codes.check('g-5', code, ELSEWHERE)).toEqual({ outcome: 'locked' });
  // The guardian, on their own connection, still signs in with the code they received.
  expect(await codes.check('g-5', code, HERE)).toEqual({ outcome: 'ok' });
});

test('a client that locked itself out gets its tries back with a new code', async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-9', HERE);
  for (let i = 0; i < 5; i++) await codes.check('g-9', wrongOf(code), HERE);
  expect(await codes.check('g-9', code, HERE)).toEqual({ outcome: 'locked' });
  const fresh = await codes.issue('g-9', HERE);
  expect(await codes.check('g-9', fresh, HERE)).toEqual({ outcome: 'ok' });
});

test('an expired code is gone', async () => {
  const codes = createLoginCodes(config(1), redis);
  const code = await codes.issue('g-6', HERE);
  await new Promise((r) => setTimeout(r, 1100));
  expect(await codes.check('g-6', code, HERE)).toEqual({ outcome: 'missing' });
});

test("concurrent guesses cannot exceed a client's attempts", async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-7', HERE);
  const results = await Promise.all(
    Array.from({ length: 20 }, () => codes.check('g-7', wrongOf(code), ELSEWHERE)),
  );
  expect(results.filter((r) => r.outcome === 'wrong')).toHaveLength(4);
  expect(await codes.check('g-7', code, ELSEWHERE)).toEqual({ outcome: 'locked' });
});
