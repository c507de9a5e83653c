import request from 'supertest';
import { startTestBff, type TestBff } from '../test-support/test-bff';
import { sessionCookieOf, sessionIdOf } from '../test-support/session-cookie';

let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff();
});
afterAll(() => bff.close());

const CSRF_INVALID = {
  error: {
    code: 'CSRF_INVALID',
    message: 'La sesión de seguridad expiró. Recarga la página e intenta de nuevo.',
  },
};
const HASH = 'Zx8_kP2qLmN4vR7tYw1aBc3dEf5gHi6jKl9mNo0pQrS';

/** A browser that has fetched its CSRF token (which starts an anonymous session). */
async function browserWithToken() {
  const agent = request.agent(bff.app);
  const res = await agent.get('/api/auth/csrf').expect(200);
  return { agent, csrfToken: res.body.csrfToken as string, cookie: sessionCookieOf(res)! };
}

async function mailCount(): Promise<number> {
  return ((await (await fetch(`${bff.mailboxUrl}messages`)).json()) as unknown[]).length;
}

describe('GET /api/auth/csrf', () => {
  test('gives one token per session, kept in the session (Redis), httpOnly Lax cookie', async () => {
    const { agent, csrfToken, cookie } = await browserWithToken();
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    const again = await agent.get('/api/auth/csrf').expect(200);
    expect(again.body.csrfToken).toBe(csrfToken);
    const stored = await bff.deps.redis.get(`${bff.config.redisPrefix}sess:${sessionIdOf(cookie)}`);
    expect(JSON.parse(stored!)).toMatchObject({ csrfToken });
    const header = String((await request(bff.app).get('/api/auth/csrf')).headers['set-cookie']);
    expect(header).toMatch(/cuota\.sid=.*HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/Secure/);
  });

  test('a signed-out session is {} (as NextAuth v4) and writes nothing to Redis', async () => {
    const res = await request(bff.app).get('/api/auth/session').expect(200);
    expect(res.body).toEqual({});
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('CSRF on every kind of mutation', () => {
  test('Auth.js form posts: signout, callback, signin, _log, session', async () => {
    const { agent } = await browserWithToken();
    const form = (path: string, fields: Record<string, string>) =>
      agent.post(path).type('form').send(fields);

    const signout = await form('/api/auth/signout', { callbackUrl: '/', json: 'true' }).expect(403);
    expect(signout.body).toMatchObject({
      ...CSRF_INVALID,
      url: expect.stringContaining('csrf=true'),
    });
    for (const provider of ['guardian-code', 'staff-credentials'])
      await form(`/api/auth/callback/${provider}`, { json: 'true', csrfToken: 'robado' }).expect(
        403,
      );
    await form('/api/auth/signin/guardian-code', { json: 'true' }).expect(403);
    expect((await form('/api/auth/_log', { level: 'error', code: 'X' }).expect(403)).body).toEqual(
      CSRF_INVALID,
    );
  });

  test('portal JSON calls: send_code, verify_code and the link login', async () => {
    const { agent } = await browserWithToken();
    const before = await mailCount();
    for (const path of ['send_code/', 'verify_code/', ''])
      expect(
        (
          await agent
            .post(`/api/v1/guardians/login/${path}`)
            .send({ guardian_hash: HASH, code: '123456' })
            .expect(403)
        ).body,
      ).toEqual(CSRF_INVALID);
    expect(await mailCount()).toBe(before);
  });

  test('a token from another session does not count', async () => {
    const mine = await browserWithToken();
    const theirs = await browserWithToken();
    await mine.agent
      .post('/api/auth/_log')
      .set('x-csrf-token', theirs.csrfToken)
      .send({ level: 'error', code: 'X' })
      .expect(403);
  });

  test('with the token (header, or csrfToken in the body) the mutation goes through', async () => {
    const { agent, csrfToken } = await browserWithToken();
    await agent
      .post('/api/auth/_log')
      .set('x-csrf-token', csrfToken)
      .send({ level: 'error', code: 'CLIENT_SESSION_ERROR', message: 'fetch failed' })
      .expect(204);
    await agent
      .post('/api/auth/_log')
      .type('form')
      .send({ csrfToken, level: 'warn', code: 'CLIENT_SESSION_ERROR', client: 'true' })
      .expect(204);
  });
});

describe('bad input is a clear Spanish 4xx, and nothing is written', () => {
  test('malformed JSON → 400 MALFORMED_JSON', async () => {
    const { agent, csrfToken } = await browserWithToken();
    const res = await agent
      .post('/api/v1/guardians/login/send_code/')
      .set('x-csrf-token', csrfToken)
      .set('content-type', 'application/json')
      .send('{"guardian_hash": ')
      .expect(400);
    expect(res.body).toEqual({
      error: { code: 'MALFORMED_JSON', message: 'El cuerpo de la solicitud no es JSON válido.' },
    });
  });

  test('wrong content type → 415', async () => {
    const { agent, csrfToken } = await browserWithToken();
    const res = await agent
      .post('/api/v1/guardians/login/send_code/')
      .set('x-csrf-token', csrfToken)
      .set('content-type', 'text/plain')
      .send(`guardian_hash=${HASH}`)
      .expect(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.error.message).toMatch(/JSON/);
  });

  test('a body over 100 kb → 413', async () => {
    const { agent, csrfToken } = await browserWithToken();
    const res = await agent
      .post('/api/v1/guardians/login/send_code/')
      .set('x-csrf-token', csrfToken)
      .send({ guardian_hash: HASH, padding: 'x'.repeat(120_000) })
      .expect(413);
    expect(res.body).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'La solicitud es demasiado grande.' },
    });
  });

  test('unknown fields and wrong types → 400 VALIDATION_FAILED with each field in Spanish', async () => {
    const { agent, csrfToken } = await browserWithToken();
    const before = await mailCount();
    const unknown = await agent
      .post('/api/v1/guardians/login/send_code/')
      .set('x-csrf-token', csrfToken)
      .send({ guardian_hash: HASH, email: 'otro@correo.mx' })
      .expect(400);
    expect(unknown.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Revisa los datos enviados en el cuerpo de la solicitud.',
    });
    expect(unknown.body.error.details[0].message).toEqual(`Llave desconocida: "email"`);

    const types = await agent
      .post('/api/v1/guardians/login/verify_code/')
      .set('x-csrf-token', csrfToken)
      .send({ guardian_hash: 12, code: 'abc' })
      .expect(400);
    expect(types.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'code',
      'guardian_hash',
    ]);
    expect(await mailCount()).toBe(before);
  });

  test('staff sign-in (JSON only, no CSRF by spec): a form post is refused, no session made', async () => {
    const res = await request(bff.app)
      .post('/api/v1/users/auth/')
      .type('form')
      .send({ email: 'a@b.mx', password: 'x' })
      .expect(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(sessionCookieOf(res)).toBeUndefined();
    const invalid = await request(bff.app)
      .post('/api/v1/users/auth/')
      .send({ email: 'no-es-correo', password: '' })
      .expect(400);
    expect(invalid.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Escribe un correo electrónico válido.' },
        { path: 'password', message: 'Escribe tu contraseña.' },
      ]),
    );
    expect(sessionCookieOf(invalid)).toBeUndefined();
  });

  test('_log refuses unknown levels and oversize fields', async () => {
    const { agent, csrfToken } = await browserWithToken();
    await agent
      .post('/api/auth/_log')
      .set('x-csrf-token', csrfToken)
      .send({ level: 'fatal', code: 'X' })
      .expect(400);
    await agent
      .post('/api/auth/_log')
      .set('x-csrf-token', csrfToken)
      .send({ level: 'error', code: 'X', message: 'm'.repeat(3000) })
      .expect(400);
  });
});

describe('missing or expired sessions', () => {
  test('no session → 401 UNAUTHENTICATED', async () => {
    const { agent, csrfToken } = await browserWithToken();
    const res = await agent
      .post('/api/auth/session')
      .send({ csrfToken, data: { selected_school_id: 'x' } })
      .expect(401);
    expect(res.body).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Inicia sesión para continuar.' },
    });
  });

  test('a cookie whose session is gone from Redis → 401 SESSION_EXPIRED', async () => {
    const { agent, cookie } = await browserWithToken();
    await bff.deps.sessionRedis.del(`${bff.config.redisPrefix}sess:${sessionIdOf(cookie)}`);
    const res = await agent.get('/api/v1/schools/1/orders/').expect(401);
    expect(res.body.error).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'Tu sesión expiró. Inicia sesión de nuevo para continuar.',
    });
  });
});
