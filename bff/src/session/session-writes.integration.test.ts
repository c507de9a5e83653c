import { createTestIdentity } from '@cuota/testing/test-identity';
import type { RedisClient } from '../bff-deps';
import { startEchoService } from '../test-support/echo-service';
import { browserSignedInAs, guardianSession } from '../test-support/session-fixture';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
let enrolment: Awaited<ReturnType<typeof startEchoService>>;
let monitor: RedisClient;
/** Every command Redis received for this BFF's keys: `get cuota:sess:…`, `set …`. */
const commands: string[] = [];

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEchoService(identity.keys.publicJwk);
  bff = await startTestBff({ identity, services: { enrolment: enrolment.url } });
  monitor = bff.deps.redis.duplicate();
  await monitor.connect();
  await monitor.monitor((line) => {
    const words = [...String(line).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    if (words.some((w) => w.startsWith(bff.config.redisPrefix)))
      commands.push(`${words[0]!.toLowerCase()} ${words[1]}`);
  });
});
afterAll(async () => {
  await monitor?.close();
  await bff?.close();
  await enrolment?.stop();
});

/** Waits until MONITOR has relayed everything sent so far (its lines trail the replies). */
async function caughtUp(): Promise<string> {
  const marker = `get ${bff.config.redisPrefix}marker:${Math.random()}`;
  await bff.deps.redis.get(marker.slice('get '.length));
  while (!commands.includes(marker)) await new Promise((r) => setImmediate(r));
  return marker;
}

/** The commands sent for this BFF's keys while `run` goes on. */
async function redisCommandsDuring(run: () => Promise<unknown>): Promise<string[]> {
  await caughtUp();
  commands.length = 0;
  await run();
  const marker = await caughtUp();
  return commands.filter((c) => c !== marker);
}

const read = (agent: Awaited<ReturnType<typeof browserSignedInAs>>['agent']) =>
  agent.get('/api/v1/students/stu-1/').expect(200);

describe('a signed-in read', () => {
  test('performs no Redis write: one session GET, no touch, no rate-limit count', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    await read(agent);
    const seen = await redisCommandsDuring(async () => {
      for (let i = 0; i < 3; i++) {
        const res = await read(agent);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });
    expect(seen).toHaveLength(3);
    expect(seen.every((c) => c.startsWith(`get ${bff.config.redisPrefix}sess:`))).toBe(true);
  });

  test('renews the idle time once a tenth of it has passed, cookie included', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    await read(agent);
    // Find this browser's session: the one whose renewal is the newest.
    const sessions = await Promise.all(
      (await bff.deps.redis.keys(`${bff.config.redisPrefix}sess:*`)).map(async (k) => ({
        k,
        s: JSON.parse((await bff.deps.redis.get(k))!) as { renewed_at?: number },
      })),
    );
    const mine = sessions.sort((a, b) => (b.s.renewed_at ?? 0) - (a.s.renewed_at ?? 0))[0]!;
    const tenth = bff.config.sessionIdleTimeoutMs / 10;
    await bff.deps.redis.set(
      mine.k,
      JSON.stringify({ ...mine.s, renewed_at: Date.now() - tenth - 1 }),
      { expiration: { type: 'EX', value: 60 } },
    );
    let renewed: Awaited<ReturnType<typeof read>> | undefined;
    const seen = await redisCommandsDuring(async () => {
      renewed = await read(agent);
    });
    expect(seen).toContain(`set ${mine.k}`);
    expect(renewed!.headers['set-cookie']).toBeDefined();
    expect(await bff.deps.redis.ttl(mine.k)).toBeGreaterThan(60);
  });
});
