import request from 'supertest';
import { SIGNUP_RECEIVED_MESSAGE } from '@cuota/contracts/enrolment/signup';
import type { EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { startBffOnEnrolment } from '../test-support/bff-on-enrolment';
import type { TestBff } from '../test-support/test-bff';

let enrolment: EnrolmentUnderTest;
let bff: TestBff;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ bff, enrolment, stop } = await startBffOnEnrolment({
    relaxedLimits: false,
    rateLimits: { signupPerIp: { windowMs: 60_000, limit: 2 } },
  }));
}, 60_000);
afterAll(() => stop?.());

const school = () => enrolment.demo.school_id;
const visitor = async () => {
  const agent = request.agent(bff.app);
  const csrf = (await agent.get('/api/auth/csrf').expect(200)).body.csrfToken as string;
  return { agent, csrf };
};
const family = (n: number) => ({
  guardian: { first_name: 'Marta', last_name: `Visitante ${n}`, email: `marta${n}@example.mx` },
  students: [{ first_name: 'Leo', last_name: `Visitante ${n}`, level: 'elementary' }],
  privacy_accepted: true,
});

test('a signed-out visitor reads the level and section pickers of the school through the BFF', async () => {
  const levels = await request(bff.app).get(`/api/v1/schools/${school()}/levels/`).expect(200);
  expect(levels.body.map((l: { label: string }) => l.label)).toContain('Primaria');
  const sections = await request(bff.app).get(`/api/v1/schools/${school()}/sections/`).expect(200);
  expect(sections.body.length).toBeGreaterThan(0);
});

test('the same visitor gets nothing private: a portal row asks to sign in', async () => {
  const res = await request(bff.app).get(`/api/v1/schools/${school()}/`);
  expect(res.status).toBe(401);
  expect(res.body.error.message).toEqual(expect.any(String));
});

test('a family signs up from the store with the CSRF token; without it nothing is written', async () => {
  const { agent, csrf } = await visitor();
  const missing = await agent.post(`/api/v1/schools/${school()}/signup/`).send(family(1));
  // Had it been written, the same family below would register 0 children.
  expect(missing.status).toBe(403);
  const res = await agent
    .post(`/api/v1/schools/${school()}/signup/`)
    .set('x-csrf-token', csrf)
    .send(family(1))
    .expect(201);
  expect(res.body).toEqual({
    message: SIGNUP_RECEIVED_MESSAGE,
    registered: 1,
    lead_ids: [expect.any(String)],
  });
});

test('sign-ups are limited per network with a Spanish 429', async () => {
  const { agent, csrf } = await visitor();
  const send = (n: number) =>
    agent.post(`/api/v1/schools/${school()}/signup/`).set('x-csrf-token', csrf).send(family(n));
  const spent = await bff.deps.redis.keys(`${bff.config.redisPrefix}rl:signup-ip:*`);
  if (spent.length) await bff.deps.redis.del(spent);
  expect((await send(2)).status).toBe(201);
  expect((await send(3)).status).toBe(201);
  const limited = await send(4);
  expect(limited.status).toBe(429);
  expect(limited.body.error.message).toMatch(/^Se enviaron demasiados registros desde esta red/);
});
