import request from 'supertest';
import { startBffServer } from '../bff-server';
import { PUBLIC_URL, startTestBff, type TestBff } from '../test-support/test-bff';

/**
 * Issue 9, finding 7: the BFF listened on every interface, and the sign-out callback check
 * trusted the Host header (a request naming `Host: evil.example` could be sent back there).
 */
let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff();
});
afterAll(() => bff.close());

test('the BFF listens on the configured host only', async () => {
  // 127.0.0.2 is loopback too on Linux: bound there, the BFF must not answer on 127.0.0.1.
  const server = await startBffServer({ ...bff.config, host: '127.0.0.2' }, { deps: bff.deps });
  try {
    const { port } = new URL(server.url);
    expect(server.url).toBe(`http://127.0.0.2:${port}`);
    expect((await fetch(`http://127.0.0.2:${port}/healthz`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  } finally {
    await server.stop();
  }
});

test("sign-out never sends a browser to the Host header's site", async () => {
  const agent = request.agent(bff.app);
  const csrfToken = (await agent.get('/api/auth/csrf')).body.csrfToken as string;
  const res = await agent
    .post('/api/auth/signout')
    .set('host', 'evil.example')
    .type('form')
    .send({ csrfToken, json: 'true', callbackUrl: 'http://evil.example/phish' })
    .expect(200);
  expect(res.body).toEqual({ url: `${PUBLIC_URL}/` });
});
