import request from 'supertest';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { messagesTo, waitForCode } from '@cuota/testing/mailbox';
import { sessionCookieOf, sessionIdOf } from '../test-support/session-cookie';
import { PUBLIC_URL, isShellPage, startTestBff, type TestBff } from '../test-support/test-bff';

let enrolment: EnrolmentUnderTest;
let bff: TestBff;
/** Same enrolment, 1-second codes. */
let quickCodes: TestBff;
/** Same enrolment, the production rate limits. */
let strict: TestBff;

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEnrolmentUnderTest({ identity });
  const services = { enrolment: enrolment.url };
  [bff, quickCodes, strict] = await Promise.all([
    startTestBff({ identity, services }),
    startTestBff({ identity, services, loginCode: { ttlSeconds: 1 } }),
    startTestBff({ identity, services, relaxedLimits: false }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([bff, quickCodes, strict].map((b) => b?.close()));
  await enrolment?.stop();
});

const demo = () => enrolment.demo;
const UNKNOWN_HASH = 'x'.repeat(43);

/** A browser on the portal with its CSRF token. */
async function browser(app = bff.app) {
  const agent = request.agent(app);
  const res = await agent.get('/api/auth/csrf').expect(200);
  return { agent, csrfToken: res.body.csrfToken as string, cookie: sessionCookieOf(res)! };
}

function sendCode(b: Awaited<ReturnType<typeof browser>>, hash = demo().guardian_hash) {
  return b.agent
    .post('/api/v1/guardians/login/send_code/')
    .set('x-csrf-token', b.csrfToken)
    .send({ guardian_hash: hash });
}

function callback(b: Awaited<ReturnType<typeof browser>>, code: string, callbackUrl?: string) {
  return b.agent
    .post('/api/auth/callback/guardian-code')
    .type('form')
    .send({
      csrfToken: b.csrfToken,
      json: 'true',
      guardian_hash: demo().guardian_hash,
      code,
      ...(callbackUrl ? { callbackUrl } : {}),
    });
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function codeFor(b: Awaited<ReturnType<typeof browser>>, mailboxUrl: string) {
  const before = (await messagesTo(mailboxUrl, demo().guardian_email)).length;
  await sendCode(b).expect(200);
  return (await waitForCode(mailboxUrl, demo().guardian_email, before + 1)).code;
}

describe('the guardian code flow, end to end', () => {
  test('link → code by e-mail → signed in (new session id) → session → guardian.me from enrolment', async () => {
    const info = await request(bff.app)
      .get(`/api/v1/guardians/login/${demo().guardian_hash}/`)
      .expect(200);
    expect(info.body).toEqual({
      first_name: demo().guardian_name.split(' ')[0],
      email_hint: expect.stringMatching(/^.{1,2}•••@/),
    });

    const b = await browser();
    const sent = await sendCode(b).expect(200);
    expect(sent.body).toEqual({
      sent: true,
      email_hint: info.body.email_hint,
      expires_in_seconds: 600,
    });
    const { message, code } = await waitForCode(bff.mailboxUrl, demo().guardian_email);
    expect(message.subject).toBe('Tu código de acceso a Cuota');
    expect(message.from).toContain('no-responder@cuota.test');
    expect(message.text).toContain(`Tu código de acceso a Cuota es: ${code}`);
    expect(message.html).toContain(code);
    const stored = JSON.stringify(
      await bff.deps.redis.hGetAll(`${bff.config.redisPrefix}login-code:${demo().guardian_id}`),
    );
    expect(stored).not.toContain(code);

    const signedIn = await callback(b, code, `/guardians/${demo().guardian_hash}`).expect(200);
    expect(signedIn.body).toEqual({ url: `${PUBLIC_URL}/guardians/${demo().guardian_hash}` });
    const rotated = sessionCookieOf(signedIn)!;
    expect(sessionIdOf(rotated)).not.toBe(sessionIdOf(b.cookie));
    const sessions = `${bff.config.redisPrefix}sess:`;
    expect(await bff.deps.redis.exists(`${sessions}${sessionIdOf(b.cookie)}`)).toBe(0);
    expect(await bff.deps.redis.exists(`${sessions}${sessionIdOf(rotated)}`)).toBe(1);

    const session = await b.agent.get('/api/auth/session').expect(200);
    expect(session.body).toMatchObject({
      user: {
        id: demo().guardian_id,
        kind: 'guardian',
        name: demo().guardian_name,
        email: demo().guardian_email,
        guardian_hash: demo().guardian_hash,
        onboarding_stage: expect.any(String),
        fraud_status: expect.any(String),
        schools: expect.arrayContaining([expect.objectContaining({ id: demo().school_id })]),
        memberships: [],
      },
      expires: expect.any(String),
      selected_school_id: null,
    });

    const batch = await b.agent
      .get('/api/trpc/guardian.me,guardian.featuresToggle?batch=1&input=%7B%7D')
      .expect(200);
    const [me, features] = batch.body as [
      { result: { data: { dependents: { first_name: string; last_name: string }[] } } },
      { result: { data: string[] } },
    ];
    const direct = await enrolment.asGuardian('/api/v1/guardians/me/', demo().guardian_id);
    expect(me.result.data).toEqual(direct);
    expect(me.result.data.dependents.length).toBeGreaterThanOrEqual(1);
    for (const name of demo().dependent_names)
      expect(me.result.data.dependents.map((d) => `${d.first_name} ${d.last_name}`)).toContain(
        name,
      );
    expect(Array.isArray(features.result.data)).toBe(true);
  });

  test("the portal's JSON verify_code signs in the same way", async () => {
    const b = await browser();
    const code = await codeFor(b, bff.mailboxUrl);
    const res = await b.agent
      .post('/api/v1/guardians/login/verify_code/')
      .set('x-csrf-token', b.csrfToken)
      .send({ guardian_hash: demo().guardian_hash, code })
      .expect(200);
    expect(res.body.user).toMatchObject({ kind: 'guardian', id: demo().guardian_id });
    expect(sessionIdOf(sessionCookieOf(res)!)).not.toBe(sessionIdOf(b.cookie));
  });

  test('a code works once', async () => {
    const b = await browser();
    const code = await codeFor(b, bff.mailboxUrl);
    await callback(b, code).expect(200);
    const again = await browser();
    const res = await callback(again, code).expect(401);
    expect(res.body.url).toBe(
      `${PUBLIC_URL}/guardians/${demo().guardian_hash}/login?error=CredentialsSignin`,
    );
    expect((await again.agent.get('/api/auth/session')).body).toEqual({});
  });

  test('five wrong tries lock the code; the right one no longer works', async () => {
    const b = await browser();
    const code = await codeFor(b, bff.mailboxUrl);
    for (const left of [4, 3, 2, 1]) {
      const res = await callback(b, otherCode(code)).expect(401);
      expect(new URL(res.body.url).searchParams.get('error')).toBe('CredentialsSignin');
      expect(res.body.error.message).toContain(`Te quedan ${left}`);
    }
    const locked = await callback(b, otherCode(code)).expect(401);
    expect(new URL(locked.body.url).searchParams.get('error')).toBe('CodeLocked');
    const right = await callback(b, code).expect(401);
    expect(right.body.error).toEqual({
      code: 'CodeLocked',
      message: 'Escribiste un código incorrecto demasiadas veces. Pide un código nuevo.',
    });
    const json = await b.agent
      .post('/api/v1/guardians/login/verify_code/')
      .set('x-csrf-token', b.csrfToken)
      .send({ guardian_hash: demo().guardian_hash, code })
      .expect(401);
    expect(json.body.error.code).toBe('CodeLocked');
  });

  test('an expired code is refused', async () => {
    const b = await browser(quickCodes.app);
    const code = await codeFor(b, quickCodes.mailboxUrl);
    await new Promise((r) => setTimeout(r, 1_200));
    const res = await callback(b, code).expect(401);
    expect(res.body.error.message).toBe(
      'El código no es correcto o ya expiró. Pide un código nuevo.',
    );
  });

  test('codes are rate-limited per guardian: one per 30 s', async () => {
    const b = await browser(strict.app);
    await sendCode(b).expect(200);
    const other = await browser(strict.app); // another browser, same guardian
    const res = await sendCode(other).expect(429);
    expect(res.body.error.code).toBe('RATE_LIMITED');
    expect(res.body.error.message).toMatch(
      /^Ya te enviamos un código\. Espera \d+ segundos para pedir otro\.$/,
    );
    expect(res.headers['retry-after']).toBeDefined();
    await waitForCode(strict.mailboxUrl, demo().guardian_email);
    expect(await messagesTo(strict.mailboxUrl, demo().guardian_email)).toHaveLength(1);
  });

  test('signing out destroys the session; the old cookie is worthless', async () => {
    const b = await browser();
    const code = await codeFor(b, bff.mailboxUrl);
    const signedIn = await callback(b, code).expect(200);
    const cookie = sessionCookieOf(signedIn)!;
    const csrf = (await b.agent.get('/api/auth/csrf')).body.csrfToken as string;
    const out = await b.agent
      .post('/api/auth/signout')
      .type('form')
      .send({
        csrfToken: csrf,
        callbackUrl: `/guardians/${demo().guardian_hash}/login`,
        json: 'true',
      })
      .expect(200);
    expect(out.body).toEqual({ url: `${PUBLIC_URL}/guardians/${demo().guardian_hash}/login` });
    expect(String(out.headers['set-cookie'])).toMatch(/cuota\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect(
      await bff.deps.redis.exists(`${bff.config.redisPrefix}sess:${sessionIdOf(cookie)}`),
    ).toBe(0);
    const stale = await request(bff.app)
      .get('/api/trpc/guardian.me?batch=1&input=%7B%7D')
      .set('cookie', cookie);
    expect(stale.status).toBe(401);
    expect(stale.body[0].error.data.apiCode).toBe('SESSION_EXPIRED');
  });
});

describe('an unknown guardian link', () => {
  test('is a 404 everywhere, never a 500, and sends nothing', async () => {
    const info = await request(bff.app).get(`/api/v1/guardians/login/${UNKNOWN_HASH}/`).expect(404);
    expect(info.body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'No encontramos este enlace de acceso. Pide a tu escuela que te lo envíe de nuevo.',
    });
    const b = await browser();
    await sendCode(b, UNKNOWN_HASH).expect(404);
    const res = await b.agent
      .post('/api/auth/callback/guardian-code')
      .type('form')
      .send({ csrfToken: b.csrfToken, json: 'true', guardian_hash: UNKNOWN_HASH, code: '123456' })
      .expect(404);
    expect(new URL(res.body.url).searchParams.get('error')).toBe('CredentialsSignin');
  });

  test("its page is the SPA with HTTP 404; a real link's page is 200", async () => {
    const unknown = await request(bff.app).get(`/guardians/${UNKNOWN_HASH}/login`).expect(404);
    expect(isShellPage(unknown.text)).toBe(true);
    await request(bff.app).get(`/guardians/${demo().guardian_hash}/login`).expect(200);
    await request(bff.app).get(`/guardians/${demo().guardian_hash}`).expect(200);
  });
});
