import { createClient } from 'redis';
import { REDIS_URL, uniqueSuffix } from '@cuota/testing/environment';
import type { RedisClient } from '../bff-deps';
import type { BffConfig } from '../config/bff-config';
import { createLoginCodes } from './login-codes';

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

test('six digits; only an HMAC is stored, with the TTL', async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-1');
  expect(code).toMatch(/^\d{6}$/);
  const stored = await redis.hGetAll(`${prefix}login-code:g-1`);
  expect(stored).toEqual({ digest: expect.stringMatching(/^[0-9a-f]{64}$/), attempts: '0' });
  expect(JSON.stringify(stored)).not.toContain(code);
  expect(await redis.ttl(`${prefix}login-code:g-1`)).toBeGreaterThan(590);
});

test('a right code works once', async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-2');
  expect(await codes.check('g-2', code)).toEqual({ outcome: 'ok' });
  expect(await codes.check('g-2', code)).toEqual({ outcome: 'missing' });
});

test('a code is bound to its guardian', async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-3');
  await codes.issue('g-4');
  expect((await codes.check('g-4', code)).outcome).not.toBe('ok');
});

test('five wrong tries lock the code, even against the right one', async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-5');
  for (const left of [4, 3, 2, 1])
    expect(await codes.check('g-5', wrongOf(code))).toEqual({
      outcome: 'wrong',
      attemptsLeft: left,
    });
  expect(await codes.check('g-5', wrongOf(code))).toEqual({ outcome: 'locked' });
  expect(await codes.check('g-5', code)).toEqual({ outcome: 'locked' });
  const fresh = await codes.issue('g-5');
  expect(await codes.check('g-5', fresh)).toEqual({ outcome: 'ok' });
});

test('an expired code is gone', async () => {
  const codes = createLoginCodes(config(1), redis);
  const code = await codes.issue('g-6');
  await new Promise((r) => setTimeout(r, 1100));
  expect(await codes.check('g-6', code)).toEqual({ outcome: 'missing' });
});

test('concurrent guesses cannot exceed the attempts', async () => {
  const codes = createLoginCodes(config(), redis);
  const code = await codes.issue('g-7');
  const results = await Promise.all(
    Array.from({ length: 20 }, () => codes.check('g-7', wrongOf(code))),
  );
  expect(results.filter((r) => r.outcome === 'wrong')).toHaveLength(4);
  expect(await codes.check('g-7', code)).toEqual({ outcome: 'locked' });
});
