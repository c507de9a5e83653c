import { createTestIdentity } from '@cuota/testing/test-identity';
import type { RedisClient } from '../bff-deps';
import { startEchoService } from '../test-support/echo-service';
import { browserSignedInAs, guardianSession } from '../test-support/session-fixture';
import { sessionIdOf } from '../test-support/session-cookie';
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

const sessionKeyOf = (cookie: string) => `${bff.config.redisPrefix}sess:${sessionIdOf(cookie)}`;

describe('a signed-in read', () => {
  test('reads its session once; the next reads send Redis nothing (ADR 0039)', async () => {
    const { agent, cookie } = await browserSignedInAs(bff, guardianSession());
    await read(agent); // the first renewal writes the session
    const first = await redisCommandsDuring(() => read(agent));
    expect(first).toEqual([`get ${sessionKeyOf(cookie)}`]);
    const seen = await redisCommandsDuring(async () => {
      for (let i = 0; i < 3; i++) {
        const res = await read(agent);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });
    expect(seen).toEqual([]);
  });

  test('a session ended by another BFF instance is refused here too', async () => {
    const { agent, cookie } = await browserSignedInAs(bff, guardianSession());
    await read(agent);
    // Another instance: its own connection, so this process learns of it from Redis's
    // invalidation, a message that arrives on its own — wait for it, within a second.
    const other = bff.deps.redis.duplicate();
    await other.connect();
    try {
      await other.del(sessionKeyOf(cookie));
    } finally {
      await other.close();
    }
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline)
      status = (await agent.get('/api/v1/students/stu-1/')).status;
    expect(status).toBe(401);
  });

  test('renews the idle time once a tenth of it has passed, cookie included', async () => {
    const { agent, cookie } = await browserSignedInAs(bff, guardianSession());
    await read(agent);
    const key = sessionKeyOf(cookie);
    const session = JSON.parse((await bff.deps.sessionRedis.get(key))!) as object;
    const tenth = bff.config.sessionIdleTimeoutMs / 10;
    await bff.deps.sessionRedis.set(
      key,
      JSON.stringify({ ...session, renewed_at: Date.now() - tenth - 1 }),
      { expiration: { type: 'EX', value: 60 } },
    );
    let renewed: Awaited<ReturnType<typeof read>> | undefined;
    const seen = await redisCommandsDuring(async () => {
      renewed = await read(agent);
    });
    expect(seen).toEqual([`get ${key}`, `set ${key}`]);
    expect(renewed!.headers['set-cookie']).toBeDefined();
    expect(await bff.deps.redis.ttl(key)).toBeGreaterThan(60);
  });
});
