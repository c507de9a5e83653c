import { once } from 'node:events';
import http from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEchoService, type EchoCall } from '../test-support/echo-service';
import { browserSignedInAs, guardianSession, staffSession } from '../test-support/session-fixture';
import { startTestBff, type TestBff } from '../test-support/test-bff';
import { BROTLI_QUALITY } from '../http/answer-compression';

/** Text that compresses like a list (not one repeated letter): ~20 KB of varied tokens. */
const LIST_LIKE_TEXT = Array.from({ length: 4000 }, (_, i) => (i * 7919).toString(36)).join(' ');

/**
 * What the compression middleware puts on each response it is given, whatever the answer:
 * its own `write`, `on` and `flush` (express-session's `end` and `writeHead` are another matter).
 */
const COMPRESSION_WRAPPERS = ['write', 'on', 'flush'];

/**
 * The answer's bytes as they left the BFF (superagent would undo the br), and which of the
 * compression middleware's wrappers the response was given.
 */
async function rawAnswer(
  app: http.RequestListener,
  init: { method: string; path: string; headers: Record<string, string>; body: string },
) {
  const server = http.createServer(app).listen(0, '127.0.0.1');
  let answered: http.ServerResponse | undefined;
  server.on('request', (_req, res: http.ServerResponse) => (answered = res));
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: init.method,
      path: init.path,
      headers: init.headers,
      agent: false,
    });
    req.end(init.body);
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return {
      status: res.statusCode,
      encoding: res.headers['content-encoding'],
      vary: res.headers.vary,
      bytes: Buffer.concat(chunks),
      wrapped: COMPRESSION_WRAPPERS.filter((name) => Object.hasOwn(answered!, name)),
    };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

let bff: TestBff;
let enrolment: Awaited<ReturnType<typeof startEchoService>>;
let payments: Awaited<ReturnType<typeof startEchoService>>;
let notifications: Awaited<ReturnType<typeof startEchoService>>;
let silent: http.Server;
let halfway: http.Server;

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEchoService(identity.keys.publicJwk);
  payments = await startEchoService(identity.keys.publicJwk);
  notifications = await startEchoService(identity.keys.publicJwk);
  // Accepts connections and never answers: a hung service.
  silent = http.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  // Sends its headers and half a body, then dies: a service crashing mid-answer.
  halfway = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '64' });
    res.write('{"partial":');
    setTimeout(() => res.socket?.destroy(), 20);
  });
  await new Promise<void>((resolve) => halfway.listen(0, '127.0.0.1', resolve));
  bff = await startTestBff({
    identity,
    services: {
      enrolment: enrolment.url,
      payments: payments.url,
      notifications: notifications.url,
      invoicing: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      billing: `http://127.0.0.1:${(halfway.address() as AddressInfo).port}`,
    },
    proxyTimeoutMs: 500,
  });
});
afterAll(async () => {
  await bff.close();
  await enrolment.stop();
  await payments.stop();
  await notifications.stop();
  for (const server of [silent, halfway]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('forwarding', () => {
  test('a portal GET reaches the owning service with a verifiable identity token and no cookie', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    const res = await agent
      .get('/api/v1/students/stu-1/?page=2')
      .set('x-request-id', 'req-proxy-0001')
      .expect(200);
    const call = res.body as EchoCall;
    expect(call.url).toBe('/api/v1/students/stu-1/?page=2');
    expect(call.identity).toEqual({
      kind: 'guardian',
      guardian_id: 'guardian-1',
      school_ids: ['school-1'],
    });
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers['x-request-id']).toBe('req-proxy-0001');
    expect(res.headers['x-request-id']).toBe('req-proxy-0001');
    // The service's own cookie never reaches the browser (only the BFF's rolling session).
    expect(String(res.headers['set-cookie'])).not.toContain('service=');
  });

  test('an Authorization the BFF did not issue is no session, and never reaches a service', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    // A bearer token is read before the cookie (ADR 0038): a forged one makes the call anonymous.
    const res = await agent
      .get('/api/v1/students/stu-1/?page=2')
      .set('authorization', 'Bearer forjado')
      .expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  test('a staff mutation streams its JSON body through (CSRF header required, not forwarded)', async () => {
    const { agent, csrfToken } = await browserSignedInAs(bff, staffSession());
    const res = await agent
      .patch('/api/v1/schools/school-1/levels/lvl-1/')
      .set('x-csrf-token', csrfToken)
      .send({ name: 'Primaria Ñandú' })
      .expect(200);
    expect(res.body).toMatchObject({
      method: 'PATCH',
      body: { name: 'Primaria Ñandú' },
      identity: {
        kind: 'staff',
        user_id: 'staff-1',
        memberships: [{ school_id: 'school-1', role: 'OWNER' }],
      },
    });
    expect(res.body.headers['x-csrf-token']).toBeUndefined();
  });

  test('calls to a service share kept-alive connections; the browser is never told to close', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    const opened = payments.connections();
    for (let i = 0; i < 3; i++) {
      const res = await agent
        .get('/api/v2/schools/school-1/payins/')
        .set('connection', 'keep-alive')
        .expect(200);
      expect(res.headers.connection).not.toBe('close');
    }
    expect(payments.connections() - opened).toBeLessThanOrEqual(1);
  });

  test('an answer under 12 KB is sent as it is, a larger one gzipped', async () => {
    const { agent, csrfToken } = await browserSignedInAs(bff, staffSession());
    const small = await agent
      .get('/api/v1/dashboard/schools/school-1/levels/')
      .set('accept-encoding', 'gzip')
      .expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const large = await agent
      .patch('/api/v1/schools/school-1/levels/lvl-1/')
      .set('x-csrf-token', csrfToken)
      .set('accept-encoding', 'gzip')
      .send({ name: 'ñ'.repeat(10_000) })
      .expect(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.body.body.name).toHaveLength(10_000);
  });

  test('a browser asking for br gets a large answer in brotli at the chosen quality', async () => {
    const { cookie, csrfToken } = await browserSignedInAs(bff, staffSession());
    const large = await rawAnswer(bff.app, {
      method: 'PATCH',
      path: '/api/v1/schools/school-1/levels/lvl-1/',
      headers: {
        cookie,
        'x-csrf-token': csrfToken,
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
      },
      body: JSON.stringify({ name: LIST_LIKE_TEXT }),
    });
    expect([large.status, large.encoding]).toEqual([200, 'br']);
    const text = brotliDecompressSync(large.bytes);
    expect(JSON.parse(text.toString('utf8')).body.name).toBe(LIST_LIKE_TEXT);
    // The middleware's default (quality 4) writes other bytes for the same text.
    const atQuality = (q: number) =>
      brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: q } }).length;
    expect(large.bytes.length).toBe(atQuality(BROTLI_QUALITY));
    expect(atQuality(4)).not.toBe(atQuality(BROTLI_QUALITY));
  });

  test('a forwarded answer the BFF will not compress never goes through the compression middleware', async () => {
    const { cookie, csrfToken } = await browserSignedInAs(bff, staffSession());
    const send = (init: { method: string; path: string; encodings?: string; body?: string }) =>
      rawAnswer(bff.app, {
        method: init.method,
        path: init.path,
        headers: {
          cookie,
          'x-csrf-token': csrfToken,
          'content-type': 'application/json',
          ...(init.encodings && { 'accept-encoding': init.encodings }),
        },
        body: init.body ?? '',
      });
    const small = await send({
      method: 'GET',
      path: '/api/v1/dashboard/schools/school-1/levels/',
      encodings: 'gzip, deflate, br',
    });
    const plain = await send({
      method: 'PATCH',
      path: '/api/v1/schools/school-1/levels/lvl-1/',
      body: JSON.stringify({ name: LIST_LIKE_TEXT }),
    });
    const large = await send({
      method: 'PATCH',
      path: '/api/v1/schools/school-1/levels/lvl-1/',
      encodings: 'gzip, deflate, br',
      body: JSON.stringify({ name: LIST_LIKE_TEXT }),
    });
    // Under the threshold, or a client asking for no encoding: as the service wrote it, unwrapped.
    expect([small.status, small.encoding, small.wrapped]).toEqual([200, undefined, []]);
    expect([plain.status, plain.encoding, plain.wrapped]).toEqual([200, undefined, []]);
    expect(JSON.parse(plain.bytes.toString('utf8')).body.name).toBe(LIST_LIKE_TEXT);
    // Only an answer it may compress goes through the compression middleware.
    expect([large.status, large.encoding, large.wrapped]).toEqual([
      200,
      'br',
      COMPRESSION_WRAPPERS,
    ]);
    for (const answer of [small, plain, large]) expect(answer.vary).toMatch(/Accept-Encoding/);
  });

  test("a provider's webhook (Slack) needs no session and no CSRF: forwarded to its service", async () => {
    const before = notifications.calls.length;
    await request(bff.app)
      .post('/api/v1/slack/interaction/')
      .type('form')
      .send('payload=%7B%7D')
      .expect(200);
    expect(notifications.calls.slice(before).map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/v1/slack/interaction/'],
    ]);
  });
});

describe('refused before anything is forwarded', () => {
  test('signed out → 401 UNAUTHENTICATED', async () => {
    const before = enrolment.calls.length;
    const res = await request(bff.app).get('/api/v1/students/stu-1/').expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
    expect(enrolment.calls.length).toBe(before);
  });

  test('a guardian on a staff-only row → 403', async () => {
    const { agent, csrfToken } = await browserSignedInAs(bff, guardianSession());
    const before = enrolment.calls.length;
    await agent.get('/api/v1/dashboard/schools/school-1/levels/').expect(403);
    await agent
      .post('/academic-coordinator/sections/')
      .set('x-csrf-token', csrfToken)
      .send({ school_id: 'school-1' })
      .expect(403);
    expect(enrolment.calls.length).toBe(before);
  });

  test('a mutation without the CSRF header → 403 CSRF_INVALID', async () => {
    const { agent } = await browserSignedInAs(bff, staffSession());
    const before = enrolment.calls.length;
    const res = await agent
      .patch('/api/v1/schools/school-1/levels/lvl-1/')
      .send({ name: 'X' })
      .expect(403);
    expect(res.body.error.code).toBe('CSRF_INVALID');
    expect(enrolment.calls.length).toBe(before);
  });

  test("services' own /internal paths are not reachable", async () => {
    const { agent } = await browserSignedInAs(bff, staffSession());
    const before = enrolment.calls.length + payments.calls.length;
    const page = await agent.get('/internal/guardians/by-hash/abc').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/); // just the SPA's index.html
    await agent.get('/api/v1/students/..%2F..%2Finternal/').expect(404);
    await agent.post('/internal/staff/authenticate').send({}).expect(404);
    expect(enrolment.calls.length + payments.calls.length).toBe(before);
  });

  test('a known path with another method → 405 with Allow', async () => {
    const res = await request(bff.app).delete('/api/v1/students/1/').expect(405);
    expect(res.headers.allow).toBe('GET, PUT, PATCH');
  });
});

describe('every row of the spec is served (Slack last, ADR 0094)', () => {
  test('the last identity rows are served now (issue 20): a bad body is a 400, not a 501', async () => {
    await request(bff.app).post('/api/v1/guardians/external_auth/').send({}).expect(400);
    await request(bff.app).post('/auth/api/app/auth/login/').send({}).expect(400);
  });

  test('a method no row has is 405', async () => {
    const { agent } = await browserSignedInAs(bff, staffSession());
    // GET, PUT and PATCH /book-keeper/orders/{id}/ are served; DELETE is no row of the spec.
    await agent.delete('/book-keeper/orders/order-1/').expect(405);
  });
});

describe('a service that is down or hung', () => {
  test('down → 503 in Spanish, at once', async () => {
    const { agent } = await browserSignedInAs(bff, staffSession());
    const res = await agent.get('/internal/student-directory/school-1').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/); // internal: never proxied
    const down = await agent.get('/api/v1/dashboard/schools/school-1/levels/').expect(200);
    expect(down.body.url).toBeDefined(); // the echo answered
    await enrolment.stop();
    const gone = await agent.get('/api/v1/dashboard/schools/school-1/levels/').expect(503);
    expect(gone.body).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message:
          'El servicio de inscripciones no está disponible. Intenta de nuevo en unos minutos.',
      },
    });
  });

  test('hung → 503 after the proxy timeout, not a hang', async () => {
    const { agent, csrfToken } = await browserSignedInAs(bff, guardianSession());
    const started = Date.now();
    const res = await agent
      .post('/api/v1/guardians/verify_guardians/')
      .set('x-csrf-token', csrfToken)
      .send({ guardian_ids: ['guardian-1'] })
      .expect(503);
    expect(res.body.error.message).toMatch(/facturación/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('dies mid-answer → the browser sees the connection cut, never a whole-looking answer', async () => {
    const { agent } = await browserSignedInAs(bff, staffSession());
    await expect(agent.get('/api/v1/dashboard/schools/school-1/scholarships/')).rejects.toThrow();
    // The BFF itself is unharmed: the next call (to payments) answers.
    await agent.get('/api/v1/dashboard/schools/school-1/payins/').expect(200);
  });

  test('a browser gone mid-answer: the call to the service is dropped too', async () => {
    const { cookie } = await browserSignedInAs(bff, staffSession());
    const serviceSide = new Promise<void>((resolve) =>
      halfway.once('request', (req) => req.socket.once('close', () => resolve())),
    );
    const server = http.createServer(bff.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const browser = http.get(
      `http://127.0.0.1:${port}/api/v1/dashboard/schools/school-1/scholarships/`,
      {
        headers: { cookie },
      },
    );
    browser.on('error', () => undefined);
    browser.on('response', () => browser.destroy());
    await serviceSide; // resolves only if the BFF closes its side (or the service dies)
    await new Promise((resolve) => server.close(resolve));
  });
});
