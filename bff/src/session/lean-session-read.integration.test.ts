import session from 'express-session';
import request from 'supertest';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEchoService } from '../test-support/echo-service';
import { browserSignedInAs, guardianSession } from '../test-support/session-fixture';
import { sessionIdOf } from '../test-support/session-cookie';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
let enrolment: Awaited<ReturnType<typeof startEchoService>>;
/** express-session's Sessions made so far (every session it loads or starts is one). */
let sessionsMade = 0;
const createSession = session.Store.prototype.createSession;

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEchoService(identity.keys.publicJwk);
  bff = await startTestBff({ identity, services: { enrolment: enrolment.url } });
  session.Store.prototype.createSession = function (...args) {
    sessionsMade++;
    return createSession.apply(this, args);
  };
});
afterAll(async () => {
  session.Store.prototype.createSession = createSession;
  await bff?.close();
  await enrolment?.stop();
});

const FORWARDED = '/api/v1/students/stu-1/';

/** How many express-session Sessions `run` made. */
async function sessionsMadeDuring(run: () => Promise<unknown>): Promise<number> {
  const before = sessionsMade;
  await run();
  return sessionsMade - before;
}

test('a forwarded read makes no express-session Session; the BFF’s own routes still do', async () => {
  const { agent } = await browserSignedInAs(bff, guardianSession());
  await agent.get(FORWARDED).expect(200); // the first renewal: express-session writes it
  const forwarded = await sessionsMadeDuring(async () => {
    for (let i = 0; i < 3; i++) {
      const res = await agent.get(FORWARDED).expect(200);
      expect(res.body.identity).toMatchObject({ kind: 'guardian', guardian_id: 'guardian-1' });
    }
  });
  expect(forwarded).toBe(0);
  const own = await sessionsMadeDuring(() => agent.get('/api/auth/session').expect(200));
  expect(own).toBe(1);
});

test('a session signed out is refused on the very next read of its old cookie', async () => {
  const { agent, cookie, csrfToken } = await browserSignedInAs(bff, guardianSession());
  await agent.get(FORWARDED).expect(200);
  await agent.get(FORWARDED).expect(200);
  await agent.post('/api/auth/signout').set('x-csrf-token', csrfToken).send({}).expect(200);
  const replayed = await request(bff.app).get(FORWARDED).set('cookie', cookie).expect(401);
  expect(replayed.body.error.code).toBe('SESSION_EXPIRED');
});

test('a session changed in Redis is read as changed by the next forwarded call', async () => {
  const { agent, cookie } = await browserSignedInAs(bff, guardianSession());
  await agent.get(FORWARDED).expect(200);
  await agent.get(FORWARDED).expect(200);
  const key = `${bff.config.redisPrefix}sess:${sessionIdOf(cookie)}`;
  const stored = JSON.parse((await bff.deps.sessionRedis.get(key))!) as {
    auth: { identity: { guardian_id: string } };
  };
  stored.auth.identity.guardian_id = 'guardian-2';
  await bff.deps.sessionRedis.set(key, JSON.stringify(stored), {
    expiration: { type: 'EX', value: 600 },
  });
  const res = await agent.get(FORWARDED).expect(200);
  expect(res.body.identity).toMatchObject({ kind: 'guardian', guardian_id: 'guardian-2' });
});
