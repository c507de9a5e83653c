import request from 'supertest';
import { SignJWT, generateKeyPair } from 'jose';
import type { EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { messagesTo, waitForCode } from '@cuota/testing/mailbox';
import { startBffOnEnrolment } from '../test-support/bff-on-enrolment';
import { sessionCookieOf } from '../test-support/session-cookie';
import type { TestBff } from '../test-support/test-bff';

let enrolment: EnrolmentUnderTest;
let bff: TestBff;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ bff, enrolment, stop } = await startBffOnEnrolment());
}, 60_000);
afterAll(() => stop?.());

const owner = () => enrolment.demo.staff.find((s) => s.role === 'OWNER')!;
const credentials = () => ({ email: owner().email, password: enrolment.demo.staff_password });
const INVALID_REFRESH = 'El token de renovación no es válido o ya expiró. Inicia sesión de nuevo.';

async function tokens() {
  const res = await request(bff.app).post('/auth/token/').send(credentials()).expect(200);
  return res.body as { access: string; refresh: string; token_type: string; expires_in: number };
}
const me = (access: string) =>
  request(bff.app).get('/api/v1/users/me/').set('authorization', `Bearer ${access}`);

test('e-mail and password give a token pair, no cookie; the access token calls the API', async () => {
  const res = await request(bff.app).post('/auth/token/').send(credentials()).expect(200);
  expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
  expect(sessionCookieOf(res)).toBeUndefined();

  const answer = await me(res.body.access).expect(200);
  expect(answer.body.email).toBe(owner().email);
  expect(sessionCookieOf(answer)).toBeUndefined();
  await request(bff.app).get('/api/v1/users/me/').expect(401);
});

test('a wrong password: 401 in Spanish and no tokens', async () => {
  const res = await request(bff.app)
    .post('/auth/token/')
    .send({ ...credentials(), password: 'no-es-la-contraseña' })
    .expect(401);
  expect(res.body.error.message).toBe('El correo o la contraseña no son correctos.');
  expect(res.body.access).toBeUndefined();
});

test('a bearer call needs no CSRF token; the same call with the cookie does', async () => {
  const { access } = await tokens();
  const select = { data: { selected_school_id: enrolment.demo.school_id } };
  const byToken = await request(bff.app)
    .post('/api/auth/session')
    .set('authorization', `Bearer ${access}`)
    .send(select)
    .expect(200);
  expect(byToken.body.selected_school_id).toBe(enrolment.demo.school_id);

  const browser = request.agent(bff.app);
  await browser.post('/api/v1/users/auth/').send(credentials()).expect(200);
  const byCookie = await browser.post('/api/auth/session').send(select).expect(403);
  expect(byCookie.body.error.code).toBe('CSRF_INVALID');
});

test('refresh rotates; the replaced refresh token used again ends the session', async () => {
  const first = await tokens();
  const second = (
    await request(bff.app).post('/auth/token/refresh/').send({ refresh: first.refresh }).expect(200)
  ).body as typeof first;
  expect(second.refresh).not.toBe(first.refresh);
  await me(second.access).expect(200);

  const replayed = await request(bff.app)
    .post('/auth/token/refresh/')
    .send({ refresh: first.refresh })
    .expect(401);
  expect(replayed.body.error.message).toBe(INVALID_REFRESH);
  // Both holders are out: the session the tokens named is gone.
  await me(second.access).expect(401);
  await request(bff.app).post('/auth/token/refresh/').send({ refresh: second.refresh }).expect(401);
});

test('a made-up refresh token is refused without ending anyone’s session', async () => {
  const pair = await tokens();
  const [sid] = pair.refresh.split('.');
  await request(bff.app)
    .post('/auth/token/refresh/')
    .send({ refresh: `${sid}.${'A'.repeat(43)}` })
    .expect(401);
  await me(pair.access).expect(200);
  await request(bff.app).post('/auth/token/refresh/').send({ refresh: 'basura' }).expect(401);
});

test('verify says whether an access token is good now; logout ends it at once', async () => {
  const pair = await tokens();
  const verified = await request(bff.app)
    .post('/auth/token/verify/')
    .send({ token: pair.access })
    .expect(200);
  expect(verified.body.valid).toBe(true);
  expect(verified.body.expires_at - verified.body.issued_at).toBe(600);

  await request(bff.app).post('/auth/token/logout/').send({ refresh: pair.refresh }).expect(200);
  await me(pair.access).expect(401);
  const after = await request(bff.app)
    .post('/auth/token/verify/')
    .send({ token: pair.access })
    .expect(401);
  expect(after.body.error.message).toBe('El token no es válido o ya expiró.');
});

test('a token signed with another key, claims copied, calls nothing', async () => {
  const pair = await tokens();
  const { privateKey } = await generateKeyPair('ES256');
  const [, payload] = pair.access.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
  await me(forged).expect(401);
  await request(bff.app).post('/auth/token/verify/').send({ token: forged }).expect(401);
});

test('/auth/api-token-auth/staff/ answers one access token that calls the API', async () => {
  const res = await request(bff.app)
    .post('/auth/api-token-auth/staff/')
    .send(credentials())
    .expect(200);
  expect(Object.keys(res.body)).toEqual(['token']);
  await me(res.body.token).expect(200);
});

test("a guardian's e-mailed code gives a token pair for the family's session", async () => {
  const { guardian_hash: hash, guardian_email: email } = enrolment.demo;
  const before = (await messagesTo(bff.mailboxUrl, email)).length;
  const browser = request.agent(bff.app);
  const csrf = (await browser.get('/api/auth/csrf')).body.csrfToken as string;
  await browser
    .post('/api/v1/guardians/login/send_code/')
    .set('x-csrf-token', csrf)
    .send({ guardian_hash: hash })
    .expect(200);
  const { code } = await waitForCode(bff.mailboxUrl, email, before + 1);

  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await request(bff.app)
    .post('/api/v1/guardians/auth/')
    .send({ guardian_hash: hash, code: wrong })
    .expect(401);
  const res = await request(bff.app)
    .post('/api/v1/guardians/auth/')
    .send({ guardian_hash: hash, code })
    .expect(200);
  expect(sessionCookieOf(res)).toBeUndefined();
  const session = await request(bff.app)
    .get('/api/auth/session')
    .set('authorization', `Bearer ${res.body.access}`)
    .expect(200);
  expect(session.body.user).toMatchObject({ kind: 'guardian', guardian_hash: hash });
});

test("exchange: a signed-in browser hands an app its own session; the browser's stays", async () => {
  const browser = request.agent(bff.app);
  await browser.post('/api/v1/users/auth/').send(credentials()).expect(200);
  await browser.post('/auth/token/exchange/').expect(403);
  const csrf = (await browser.get('/api/auth/csrf')).body.csrfToken as string;
  const res = await browser.post('/auth/token/exchange/').set('x-csrf-token', csrf).expect(200);
  await me(res.body.access).expect(200);

  await request(bff.app)
    .post('/auth/token/logout/')
    .send({ refresh: res.body.refresh })
    .expect(200);
  await me(res.body.access).expect(401);
  await browser.get('/api/v1/users/me/').expect(200);
  await request(bff.app).post('/auth/token/exchange/').expect(401);
});
