import request from 'supertest';
import { z } from 'zod';
import { anyone } from '@cuota/contracts/access/access';
import { defineEndpoint, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { createLogger } from '../logging/logger';
import { createServiceApp } from './create-service-app';
import { implement, mountEndpoints } from './endpoint-handlers';

/** Endpoints as a service defines them: a literal path beside a parameter at the same place. */
const define = (name: string, method: 'GET' | 'POST', path: string) =>
  defineEndpoint({
    name: `notifications.dispatch.${name}`,
    method,
    path,
    domain: 'notifications',
    surface: 'dashboard',
    access: anyone(),
    summary: name,
    spec: { capability: 'prueba' },
    params: z.object({ id: z.uuid().optional(), n: z.string().optional() }).strict(),
    response: z.object({ at: z.string() }).passthrough(),
  }) as unknown as AnyEndpoint;

const ID = '8b0f3c1e-4f3a-4d2b-9c51-2f0d7f7a1c11';
const many = Array.from({ length: 200 }, (_, n) => define(`many${n}`, 'GET', `/many/${n}/{id}/`));
const mine = define('mine', 'GET', '/things/mine/');
const one = define('one', 'GET', '/things/{id}/');
const create = define('create', 'POST', '/things/');
const failing = define('failing', 'GET', '/failing/{id}/');
const ALL = [...many, mine, one, create, failing];

function app() {
  return createServiceApp(
    { logger: createLogger('dispatch-test', 'silent'), readiness: async () => {} },
    (a) => {
      a.use((_req, res, next) => {
        res.locals.identity = { kind: 'anonymous' };
        next();
      });
      mountEndpoints(
        a,
        'notifications',
        [
          ...many.map((e) => implement(e, ({ params }) => ({ at: e.name, ...(params as object) }))),
          implement(mine, () => ({ at: 'mine' })),
          implement(one, ({ params }) => ({ at: 'one', ...(params as object) })),
          implement(create, () => ({ at: 'create' })),
          implement(failing, async () => {
            await Promise.resolve();
            throw new Error('boom');
          }),
        ],
        ALL,
      );
      a.get('/after/', (_req, res) => void res.json({ at: 'after' }));
    },
  );
}

test("a service's endpoints are one router layer, however many it serves", () => {
  const built = app() as unknown as { router: { stack: unknown[] } };
  const fewer = createServiceApp(
    { logger: createLogger('dispatch-test', 'silent'), readiness: async () => {} },
    (a) => mountEndpoints(a, 'notifications', [implement(mine, () => ({ at: 'mine' }))], [mine]),
  ) as unknown as { router: { stack: unknown[] } };
  // 204 endpoints and one extra route against one endpoint: the difference is the extra route.
  expect(built.router.stack.length - fewer.router.stack.length).toBe(2);
});

test("the shell before a service's routes is one router layer; its probes still answer", async () => {
  const shell = createServiceApp(
    { logger: createLogger('dispatch-test', 'silent'), readiness: async () => {} },
    () => {},
  );
  // The shell, the 404 and the error handler: ten layers and three routes before.
  expect((shell as unknown as { router: { stack: unknown[] } }).router.stack).toHaveLength(3);
  await request(shell).get('/healthz').expect(200, { status: 'ok' });
  await request(shell).get('/readyz').expect(200, { status: 'ready' });
  const answer = await request(app()).get('/things/mine/').expect(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-request-id']).toBeTruthy();
});

test('the request reaches its endpoint with its parameters; a literal segment wins', async () => {
  const served = app();
  await request(served).get(`/many/199/${ID}/`).expect(200, { at: many[199]!.name, id: ID });
  await request(served).get('/things/mine/').expect(200, { at: 'mine' });
  await request(served).get(`/things/${ID}/`).expect(200, { at: 'one', id: ID });
  await request(served).post('/things/').expect(200, { at: 'create' });
});

test('HEAD is served as GET and a path without its closing slash is the template', async () => {
  const served = app();
  await request(served).head('/things/mine/').expect(200);
  await request(served).get(`/things/${ID}`).expect(200, { at: 'one', id: ID });
});

test('a wrong id is the endpoint 404; an unknown path or method goes on to what follows', async () => {
  const served = app();
  await request(served).get('/things/not-an-id/').expect(404);
  await request(served).get('/after/').expect(200, { at: 'after' });
  await request(served).delete('/things/mine/').expect(404);
  await request(served).get('/nothing/here/').expect(404);
});

test("a handler's rejection is the app's error answer", async () => {
  const res = await request(app()).get(`/failing/${ID}/`);
  expect(res.status).toBe(500);
});
