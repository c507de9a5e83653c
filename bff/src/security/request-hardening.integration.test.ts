import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { browserSignedInAs, staffSession } from '../test-support/session-fixture';
import { startTestBff, type TestBff } from '../test-support/test-bff';

/**
 * Issue 9, findings 1 and 2 at the BFF's own door: hostile bodies and URLs are Spanish 4xx,
 * never 500s, and cost no parsing work. (The services' side: service-runtime's
 * request-hardening test; every endpoint: bff/src/fuzz.)
 */
let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff();
});
afterAll(() => bff.close());

async function browserWithToken() {
  const agent = request.agent(bff.app);
  const res = await agent.get('/api/auth/csrf').expect(200);
  return { agent, csrfToken: res.body.csrfToken as string };
}
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

test.each([5_000, 10_000])(
  'JSON nested %i deep on an anonymous endpoint: 400 in Spanish',
  async (depth) => {
    const { agent, csrfToken } = await browserWithToken();
    const res = await agent
      .post('/api/v1/guardians/login/')
      .set('x-csrf-token', csrfToken)
      .set('content-type', 'application/json')
      .send(deep(depth))
      .expect(400);
    expect(res.body.error.message).toBe(
      'El cuerpo de la solicitud anida demasiados niveles (máximo 32).',
    );
  },
);

test('tRPC bodies get the same nesting check', async () => {
  const { agent, csrfToken } = await browserWithToken();
  const res = await agent
    .post('/api/trpc/guardian.openNotification')
    .set('x-csrf-token', csrfToken)
    .set('content-type', 'application/json')
    .send(deep(10_000));
  expect(res.status).toBe(400);
});

test.each(['/dashboard/%E0%A4%A', '/api/v1/guardians/login/%E0%A4%A/', '/api/v1/students/%/'])(
  'a path that does not decode (%s) is a Spanish 400',
  async (path) => {
    const res = await request(bff.app).get(path).expect(400);
    expect(res.body.error.message).toMatch(/^La dirección de la solicitud tiene caracteres/);
  },
);

test('a corrupt gzip body is a Spanish 400', async () => {
  const { agent, csrfToken } = await browserWithToken();
  const res = await agent
    .post('/api/v1/guardians/login/')
    .set('x-csrf-token', csrfToken)
    .set('content-type', 'application/json')
    .set('content-encoding', 'gzip')
    .send(gzipSync('{"guardian_hash":"x"}').subarray(0, 12))
    .expect(400);
  expect(res.body.error.message).toMatch(/^El cuerpo comprimido de la solicitud está dañado/);
});

test("a proxied endpoint's wrong content type is refused by the BFF, before any service", async () => {
  // The services are a dead address here: a 415 can only come from the BFF itself.
  const { agent, csrfToken } = await browserSignedInAs(bff, staffSession());
  const res = await agent
    .patch('/api/v1/students/00000000-0000-4000-8000-000000000001/')
    .set('x-csrf-token', csrfToken)
    .set('content-type', 'text/plain')
    .send('first_name=Intruso')
    .expect(415);
  expect(res.body.error.message).toBe(
    'Envía los datos como JSON (Content-Type: application/json).',
  );
});

test('every API answer, signed in or not, says no-store', async () => {
  const { agent } = await browserSignedInAs(bff, staffSession());
  const paths = ['/api/auth/session', '/api/remotes', '/api/v1/nada/', '/auth/token/public-key/'];
  // A prefix that only planned rows of the specification have yet: its 501 is API too.
  paths.push('/communications/nada/');
  for (const path of paths)
    expect((await agent.get(path)).headers['cache-control']).toBe('no-store');
});
