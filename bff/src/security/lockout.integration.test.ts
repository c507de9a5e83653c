import request from 'supertest';
import { messagesTo, waitForCode } from '@cuota/testing/mailbox';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { startTestBff, type TestBff } from '../test-support/test-bff';

/**
 * Issue 9, finding 4 (ADR 0020): ten wrong passwords from anywhere blocked a staff account for
 * everyone, and five send_code calls with a guardian's link blocked that guardian for an hour,
 * each killing the code already sent. Now a client that keeps failing stops only itself;
 * the account's owner, from their own connection, still gets in with the right secret.
 */
let enrolment: EnrolmentUnderTest;
let bff: TestBff;
// Each password check is an argon2id verification: a dozen take seconds on a busy machine.
jest.setTimeout(30_000);

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEnrolmentUnderTest({ identity });
  bff = await startTestBff({
    identity,
    services: { enrolment: enrolment.url },
    relaxedLimits: false,
    // Every test request says which client it is (X-Forwarded-For from loopback).
    trustProxy: 'loopback',
    rateLimits: { signInPerIp: { windowMs: 60_000, limit: 12 } },
  });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await enrolment?.stop();
});

/** A browser at `ip`, with its CSRF token. */
async function browserAt(ip: string) {
  const agent = request.agent(bff.app);
  const res = await agent.get('/api/auth/csrf').set('x-forwarded-for', ip).expect(200);
  return { agent, csrfToken: res.body.csrfToken as string, ip };
}
type Browser = Awaited<ReturnType<typeof browserAt>>;

const staff = (role = 'OWNER') => enrolment.demo.staff.find((s) => s.role === role)!.email;
const password = (b: Browser, email: string, secret: string) =>
  b.agent
    .post('/api/v1/users/auth/')
    .set('x-forwarded-for', b.ip)
    .send({ email, password: secret });

describe('staff passwords', () => {
  test("a stranger's ten wrong passwords stop the stranger, not the account's owner", async () => {
    const stranger = await browserAt('203.0.113.10');
    for (let i = 0; i < 10; i++) await password(stranger, staff(), 'adivinanza-1').expect(401);
    const blocked = await password(stranger, staff(), 'adivinanza-2').expect(429);
    expect(blocked.body.error.message).toMatch(/^Demasiados intentos de inicio de sesión\. Espera/);
    // Brute force from there is over, even with the right password.
    await password(stranger, staff(), enrolment.demo.staff_password).expect(429);
    // The owner, at the office, signs in (the e-mail's case does not matter to either count).
    const owner = await browserAt('198.51.100.20');
    await password(owner, staff().toUpperCase(), enrolment.demo.staff_password).expect(200);
  });

  test('successful sign-ins never count against an IP', async () => {
    const office = await browserAt('198.51.100.30');
    for (let i = 0; i < 14; i++)
      await password(office, staff('OTHER'), enrolment.demo.staff_password).expect(200);
  });

  test('one IP trying many accounts meets the per-IP limit (failures only)', async () => {
    const sprayer = await browserAt('203.0.113.40');
    for (let i = 0; i < 12; i++)
      await password(sprayer, `nadie${i}@colegio.mx`, 'adivinanza').expect(401);
    await password(sprayer, 'otro@colegio.mx', 'adivinanza').expect(429);
  });
});

describe('guardian codes', () => {
  const hash = () => enrolment.demo.guardian_hash;
  const email = () => enrolment.demo.guardian_email;
  const sendCode = (b: Browser) =>
    b.agent
      .post('/api/v1/guardians/login/send_code/')
      .set('x-forwarded-for', b.ip)
      .set('x-csrf-token', b.csrfToken)
      .send({ guardian_hash: hash() });
  const verify = (b: Browser, code: string) =>
    b.agent
      .post('/api/v1/guardians/login/verify_code/')
      .set('x-forwarded-for', b.ip)
      .set('x-csrf-token', b.csrfToken)
      .send({ guardian_hash: hash(), code });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  test("a stranger with the link can neither block the guardian nor kill the guardian's code", async () => {
    const before = (await messagesTo(bff.mailboxUrl, email())).length;
    const stranger = await browserAt('203.0.113.50');
    await sendCode(stranger).expect(200);
    const { code } = await waitForCode(bff.mailboxUrl, email(), before + 1);
    // The stranger's burst limit is the stranger's: asking again there is refused…
    await sendCode(stranger).expect(429);
    // …while the guardian may still ask, and the code sent before stays valid.
    const guardian = await browserAt('198.51.100.50');
    await sendCode(guardian).expect(200);
    await waitForCode(bff.mailboxUrl, email(), before + 2);
    for (let i = 0; i < 5; i++) await verify(stranger, wrong(code));
    const locked = await verify(stranger, code).expect(401);
    expect(locked.body.error.code).toBe('CodeLocked');

    const signedIn = await verify(guardian, code).expect(200);
    expect(signedIn.body.user.id).toBe(enrolment.demo.guardian_id);
  });

  test("the guardian's mailbox is not flooded: past the cap, the codes sent still work", async () => {
    const strict = await startTestBff({
      identity: bff.identity,
      services: { enrolment: enrolment.url },
      trustProxy: 'loopback',
      relaxedLimits: false,
      rateLimits: { sendCodePerGuardian: { windowMs: 60_000, limit: 2 } },
    });
    try {
      const at = async (ip: string) => {
        const agent = request.agent(strict.app);
        const res = await agent.get('/api/auth/csrf').set('x-forwarded-for', ip);
        return { agent, csrfToken: res.body.csrfToken as string, ip };
      };
      await sendCode(await at('203.0.113.61')).expect(200);
      await sendCode(await at('203.0.113.62')).expect(200);
      const capped = await sendCode(await at('198.51.100.63')).expect(429);
      expect(capped.body.error.message).toMatch(/^Ya enviamos varios códigos a este correo/);
      const { code } = await waitForCode(strict.mailboxUrl, email(), 2);
      await verify(await at('198.51.100.63'), code).expect(200);
    } finally {
      await strict.close();
    }
  });
});
