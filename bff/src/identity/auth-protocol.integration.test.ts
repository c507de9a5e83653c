import request from 'supertest';
import { PUBLIC_URL, startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff(); // enrolment down: nothing here may need it
});
afterAll(() => bff.close());

const HASH = 'Zx8_kP2qLmN4vR7tYw1aBc3dEf5gHi6jKl9mNo0pQrS';

async function browser() {
  const agent = request.agent(bff.app);
  const { body } = await agent.get('/api/auth/csrf').expect(200);
  const post = (path: string, fields: Record<string, string>) =>
    agent
      .post(path)
      .type('form')
      .send({ csrfToken: body.csrfToken as string, json: 'true', ...fields });
  return { agent, post };
}

test('GET /api/auth/providers lists both credentials providers (Auth.js shape)', async () => {
  const res = await request(bff.app).get('/api/auth/providers').expect(200);
  expect(res.body).toEqual({
    'guardian-code': {
      id: 'guardian-code',
      name: 'Código por correo electrónico',
      type: 'credentials',
      signinUrl: `${PUBLIC_URL}/api/auth/signin/guardian-code`,
      callbackUrl: `${PUBLIC_URL}/api/auth/callback/guardian-code`,
    },
    'staff-credentials': {
      id: 'staff-credentials',
      name: 'Correo y contraseña',
      type: 'credentials',
      signinUrl: `${PUBLIC_URL}/api/auth/signin/staff-credentials`,
      callbackUrl: `${PUBLIC_URL}/api/auth/callback/staff-credentials`,
    },
  });
});

test('an unknown provider sends the user to the sign-in page with the callbackUrl', async () => {
  const { post } = await browser();
  for (const name of ['github', '__proto__', 'constructor']) {
    const res = await post(`/api/auth/callback/${name}`, { callbackUrl: '/dashboard' }).expect(400);
    expect(res.body.url).toBe(
      `${PUBLIC_URL}/api/auth/signin?callbackUrl=${encodeURIComponent(`${PUBLIC_URL}/dashboard`)}`,
    );
  }
});

test('an off-site callbackUrl is refused before any credential is looked at', async () => {
  const { post } = await browser();
  const res = await post('/api/auth/callback/guardian-code', {
    guardian_hash: HASH,
    code: '123456',
    callbackUrl: 'https://phishing.example/cuota',
  }).expect(400);
  expect(res.body.url).toBe(
    `${PUBLIC_URL}/guardians/${HASH}/login?error=INVALID_CALLBACK_URL_ERROR`,
  );
  expect(res.body.error).toEqual({
    code: 'INVALID_CALLBACK_URL_ERROR',
    message: 'La dirección a la que quieres volver no pertenece a Cuota.',
  });
});

test('missing or extra fields: CredentialsSignin back on the sign-in page, with the details', async () => {
  const { post } = await browser();
  const res = await post('/api/auth/callback/staff-credentials', {
    email: 'laura@colegio.mx',
    role: 'OWNER',
  }).expect(400);
  expect(res.body.url).toBe(`${PUBLIC_URL}/dashboard/login?error=CredentialsSignin`);
  expect(res.body.error.code).toBe('VALIDATION_FAILED');
  expect(res.body.error.details.length).toBeGreaterThanOrEqual(2);
});

test('when enrolment cannot be asked: 503 CALLBACK_CREDENTIALS_HANDLER_ERROR, no session', async () => {
  const { post } = await browser();
  const res = await post('/api/auth/callback/staff-credentials', {
    email: 'laura@colegio.mx',
    password: 'secreta',
  }).expect(503);
  expect(res.body.url).toContain('error=CALLBACK_CREDENTIALS_HANDLER_ERROR');
  expect(res.body.error.message).toMatch(/inscripciones no está disponible/);
});

test('a plain HTML form (no json flag) gets a 303 to the same url', async () => {
  const agent = request.agent(bff.app);
  const { body } = await agent.get('/api/auth/csrf');
  const res = await agent
    .post('/api/auth/signout')
    .type('form')
    .send({ csrfToken: body.csrfToken, callbackUrl: '/store' })
    .expect(303);
  expect(res.headers.location).toBe(`${PUBLIC_URL}/store`);
});

test('signout: an off-site callbackUrl falls back to the portal root', async () => {
  const { post } = await browser();
  const res = await post('/api/auth/signout', { callbackUrl: 'https://evil.example' }).expect(200);
  expect(res.body).toEqual({ url: `${PUBLIC_URL}/` });
});

test("GET /api/auth/signin sends guardians to their link's page and staff to the dashboard", async () => {
  const guardian = await request(bff.app)
    .get(
      `/api/auth/signin?callbackUrl=${encodeURIComponent(`/guardians/${HASH}/students`)}&error=SessionRequired`,
    )
    .expect(302);
  const location = new URL(guardian.headers.location!);
  expect(location.pathname).toBe(`/guardians/${HASH}/login`);
  expect(location.searchParams.get('error')).toBe('SessionRequired');
  const staff = await request(bff.app).get('/api/auth/signin?callbackUrl=/dashboard').expect(302);
  expect(new URL(staff.headers.location!).pathname).toBe('/dashboard/login');
});

test('GET /api/auth/error is a Spanish page', async () => {
  const res = await request(bff.app).get('/api/auth/error?error=CodeLocked').expect(400);
  expect(res.text).toContain('Pide un código nuevo');
});
