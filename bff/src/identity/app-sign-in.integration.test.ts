import request from 'supertest';
import { SignJWT, generateKeyPair } from 'jose';
import { startOidcSandbox, type OidcSandbox } from '@cuota/infra/sandboxes/oidc/oidc-sandbox.ts';
import type { IdTokenRequest } from '@cuota/infra/sandboxes/oidc/id-tokens.ts';
import type { EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { messagesTo, waitForCode } from '@cuota/testing/mailbox';
import { startBffOnEnrolment } from '../test-support/bff-on-enrolment';
import { sessionCookieOf } from '../test-support/session-cookie';
import { DEAD_URL, startTestBff, type TestBff } from '../test-support/test-bff';

const CLIENT_ID = 'cuota-app';
const REFUSED =
  'No pudimos confirmar tu cuenta con ese proveedor. Entra con el código que te enviamos por correo.';
const ME = '/api/trpc/guardian.me?batch=1&input=%7B%7D';

let oidc: OidcSandbox;
let enrolment: EnrolmentUnderTest;
let bff: TestBff;
let stop: () => Promise<void>;
beforeAll(async () => {
  oidc = await startOidcSandbox({ port: 0 });
  ({ bff, enrolment, stop } = await startBffOnEnrolment({
    externalProviders: {
      google: { issuer: oidc.url, jwksUrl: oidc.jwksUrl, clientId: CLIENT_ID },
      // Providers whose keys cannot be read: one not listening, one answering 404.
      caido: { issuer: oidc.url, jwksUrl: `${DEAD_URL}/jwks`, clientId: CLIENT_ID },
      roto: { issuer: oidc.url, jwksUrl: `${oidc.url}/no-existe`, clientId: CLIENT_ID },
      // The sandbox's keys, but tokens must come from Google.
      'otro-emisor': {
        issuer: 'https://accounts.google.com',
        jwksUrl: oidc.jwksUrl,
        clientId: CLIENT_ID,
      },
    },
  }));
}, 60_000);
afterAll(async () => {
  await stop?.();
  await oidc?.stop();
});

const demo = () => enrolment.demo;
const owner = () => demo().staff.find((s) => s.role === 'OWNER')!;
const appLogin = (body: object) => request(bff.app).post('/auth/api/app/auth/login/').send(body);
const externalAuth = (id_token: string, guardian_hash = demo().guardian_hash) =>
  request(bff.app)
    .post('/api/v1/guardians/external_auth/')
    .send({ guardian_hash, provider: 'google', id_token });
/** An ID token from the sandbox, over HTTP as the app's SDK would get one. */
async function idToken(ask: Partial<IdTokenRequest> = {}): Promise<string> {
  const res = await fetch(`${oidc.url}/_sandbox/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo().guardian_email, aud: CLIENT_ID, ...ask }),
  });
  return ((await res.json()) as { id_token: string }).id_token;
}
async function emailedCode(): Promise<string> {
  const { guardian_hash: hash, guardian_email: email } = demo();
  const before = (await messagesTo(bff.mailboxUrl, email)).length;
  const browser = request.agent(bff.app);
  const csrf = (await browser.get('/api/auth/csrf')).body.csrfToken as string;
  await browser
    .post('/api/v1/guardians/login/send_code/')
    .set('x-csrf-token', csrf)
    .send({ guardian_hash: hash })
    .expect(200);
  return (await waitForCode(bff.mailboxUrl, email, before + 1)).code;
}

describe('the app sign-in', () => {
  test('staff: e-mail and password give a token pair and who signed in, no cookie', async () => {
    const res = await appLogin({ email: owner().email, password: demo().staff_password }).expect(
      200,
    );
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(res.body.user).toEqual({ kind: 'staff', name: expect.any(String) });
    expect(sessionCookieOf(res)).toBeUndefined();
    const me = await request(bff.app)
      .get('/api/v1/users/me/')
      .set('authorization', `Bearer ${res.body.access}`)
      .expect(200);
    expect(me.body.email).toBe(owner().email);
  });

  test('a guardian: the e-mailed code gives the family’s session', async () => {
    const res = await appLogin({ guardian_hash: demo().guardian_hash, code: await emailedCode() });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ kind: 'guardian', name: demo().guardian_name });
    await request(bff.app).get(ME).set('authorization', `Bearer ${res.body.access}`).expect(200);
  });

  test('wrong password, wrong code and a body of neither kind: 4xx in Spanish', async () => {
    const wrong = await appLogin({ email: owner().email, password: 'no-es' }).expect(401);
    expect(wrong.body.error.message).toBe('El correo o la contraseña no son correctos.');
    const code = await appLogin({ guardian_hash: demo().guardian_hash, code: '000000' });
    expect(code.status).toBe(401);
    expect(code.body.error.message).toMatch(/^El código no es correcto/);
    const mixed = await appLogin({ email: owner().email, code: '123456' }).expect(400);
    expect(mixed.body.error.message).toMatch(/[a-záéíóúñ]/);
    expect(mixed.body.access).toBeUndefined();
  });
});

describe('a guardian signing in with an external provider', () => {
  test('a valid ID token for the guardian’s e-mail gives a session that reads guardian.me', async () => {
    const res = await externalAuth(await idToken()).expect(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', user: { kind: 'guardian' } });
    expect(sessionCookieOf(res)).toBeUndefined();
    const me = await request(bff.app)
      .get(ME)
      .set('authorization', `Bearer ${res.body.access}`)
      .expect(200);
    expect(JSON.stringify(me.body)).toContain(demo().guardian_id);
  });

  test('Apple’s "true" and any case of the e-mail are the same guardian', async () => {
    const email = demo().guardian_email.toUpperCase();
    await externalAuth(await idToken({ email, email_verified: 'true' })).expect(200);
  });

  test.each<[string, () => Promise<string>]>([
    ['another client’s token (audience)', () => idToken({ aud: 'otra-app' })],
    ['an expired token', () => idToken({ expires_in: -120 })],
    ['an e-mail the provider did not verify', () => idToken({ email_verified: false })],
    [
      'another guardian’s e-mail',
      async () => {
        const [other] = await enrolment.query<{ email: string }>(
          'select email from guardians where id = $1',
          [demo().other_guardian_id],
        );
        expect(other!.email).not.toBe(demo().guardian_email);
        return idToken({ email: other!.email });
      },
    ],
    ['an e-mail no guardian has', () => idToken({ email: 'nadie@ejemplo.mx' })],
    ['a token signed by a key not in the JWKS', forgedToken],
  ])('%s: 401 with one Spanish message, no tokens', async (_case, token) => {
    const res = await externalAuth(await token()).expect(401);
    expect(res.body.error).toEqual({ code: 'CredentialsSignin', message: REFUSED });
    expect(res.body.access).toBeUndefined();
  });

  test('a provider not configured: 400; a link nobody has: the code sign-in’s 404', async () => {
    const other = await request(bff.app)
      .post('/api/v1/guardians/external_auth/')
      .send({
        guardian_hash: demo().guardian_hash,
        provider: 'facebook',
        id_token: await idToken(),
      })
      .expect(400);
    expect(other.body.error.message).toBe('Ese proveedor de identidad no está disponible.');
    await externalAuth(await idToken(), 'f'.repeat(32)).expect(404);
  });

  test('a token from another issuer, even signed with a published key: 401', async () => {
    const res = await request(bff.app)
      .post('/api/v1/guardians/external_auth/')
      .send({
        guardian_hash: demo().guardian_hash,
        provider: 'otro-emisor',
        id_token: await idToken(),
      })
      .expect(401);
    expect(res.body.error.message).toBe(REFUSED);
  });

  test('refusals count per link and client: past the limit even a good token waits', async () => {
    const strict = await startTestBff({
      identity: bff.identity,
      services: { enrolment: enrolment.url },
      rateLimits: { signInFailuresPerAccountAndIp: { windowMs: 60_000, limit: 2 } },
      externalProviders: bff.config.externalProviders,
    });
    try {
      const send = async (id_token: string) =>
        request(strict.app)
          .post('/api/v1/guardians/external_auth/')
          .send({ guardian_hash: demo().guardian_hash, provider: 'google', id_token });
      for (let i = 0; i < 2; i++)
        expect((await send(await idToken({ aud: 'otra-app' }))).status).toBe(401);
      const blocked = await send(await idToken());
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.message).toMatch(/^Demasiados intentos de inicio de sesión/);
    } finally {
      await strict.close();
    }
  });

  test.each(['caido', 'roto'])(
    'a provider whose keys cannot be read (%s): 503 in Spanish, never a 500',
    async (provider) => {
      const res = await request(bff.app)
        .post('/api/v1/guardians/external_auth/')
        .send({ guardian_hash: demo().guardian_hash, provider, id_token: await idToken() })
        .expect(503);
      expect(res.body.error.message).toBe(
        'No pudimos comunicarnos con el proveedor de identidad. Intenta de nuevo en unos minutos.',
      );
    },
  );
});

/** The sandbox's claims exactly, signed with a key it never published. */
async function forgedToken(): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  const [header, payload] = (await idToken()).split('.') as [string, string];
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
}
