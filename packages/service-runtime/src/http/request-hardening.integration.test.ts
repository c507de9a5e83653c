import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { anyone } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import {
  createIdentitySigner,
  createIdentityVerifier,
  generateIdentityKeys,
} from '../identity/identity-token';
import { createLogger } from '../logging/logger';
import { createServiceApp } from './create-service-app';
import { implement, mountEndpoints } from './endpoint-handlers';
import { requireIdentity } from './require-identity';

/** A service built as every service is, with one JSON endpoint that counts what it accepted. */
const rename = defineEndpoint({
  name: 'notifications.test.rename',
  method: 'PATCH',
  path: '/things/{id}/',
  domain: 'notifications',
  surface: 'dashboard',
  access: anyone(),
  summary: 'Renombrar',
  spec: { capability: 'prueba' },
  body: z.strictObject({ name: z.string().min(1) }),
  response: z.object({ name: z.string() }),
});

let server: Server;
let url: string;
let token: string;
const accepted: unknown[] = [];

beforeAll(async () => {
  const keys = await generateIdentityKeys();
  token = await (await createIdentitySigner(keys.privateJwk))({ kind: 'anonymous' });
  const verify = await createIdentityVerifier(keys.publicJwk);
  const app = createServiceApp(
    {
      logger: createLogger('hardening-test', 'silent'),
      readiness: async () => {},
      uniqueViolations: { things_name_uq: 'Ya hay algo con ese nombre.' },
    },
    (a) => {
      a.use(requireIdentity(verify));
      const impl = implement(rename, ({ body }) => {
        accepted.push(body);
        if (body.name === 'duplicado')
          throw Object.assign(new Error('duplicate key'), {
            cause: { code: '23505', constraint: 'things_name_uq' },
          });
        return body;
      });
      mountEndpoints(a, 'notifications', [impl], [rename]);
    },
  );
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => void (accepted.length = 0));

async function send(
  path: string,
  init: { body?: RequestInit['body']; headers?: Record<string, string> },
) {
  const res = await fetch(`${url}${path}`, {
    method: 'PATCH',
    body: init.body,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
}
const json = { 'content-type': 'application/json' };

test('a body nested 10,000 deep is a Spanish 400 and reaches no handler', async () => {
  const depth = 10_000;
  const res = await send('/things/1/', {
    body: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    headers: json,
  });
  expect(res.status).toBe(400);
  expect(res.body.error?.message).toBe(
    'El cuerpo de la solicitud anida demasiados niveles (máximo 32).',
  );
  expect(accepted).toEqual([]);
});

test('brackets inside strings do not count as nesting', async () => {
  const res = await send('/things/1/', {
    body: JSON.stringify({ name: '['.repeat(5000) }),
    headers: json,
  });
  expect(res.status).toBe(200);
});

test.each([
  ['text/plain', 'name=otro'],
  ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
  ['application/x-www-form-urlencoded', 'name=otro'],
])('a %s body on a JSON endpoint is a Spanish 415 and is not applied', async (type, body) => {
  const res = await send('/things/1/', { body, headers: { 'content-type': type } });
  expect(res.status).toBe(415);
  expect(res.body.error?.message).toBe(
    'Envía los datos como JSON (Content-Type: application/json).',
  );
  expect(accepted).toEqual([]);
});

test('JSON in another charset than UTF-8 is a 415', async () => {
  const res = await send('/things/1/', {
    body: Buffer.from(JSON.stringify({ name: 'x' }), 'utf16le'),
    headers: { 'content-type': 'application/json; charset=utf-16le' },
  });
  expect(res.status).toBe(415);
  expect(res.body.error?.message).toBe('Envía el JSON codificado en UTF-8.');
});

test.each([
  ['garbage bytes', Buffer.from('no soy gzip')],
  ['a truncated stream', gzipSync(JSON.stringify({ name: 'x' })).subarray(0, 12)],
])('a gzip body that is %s is a Spanish 400', async (_case, body) => {
  const res = await send('/things/1/', {
    body,
    headers: { ...json, 'content-encoding': 'gzip' },
  });
  expect(res.status).toBe(400);
  expect(res.body.error?.message).toMatch(/^El cuerpo comprimido de la solicitud está dañado/);
});

test('a well-formed gzip body is read', async () => {
  const res = await send('/things/1/', {
    body: gzipSync(JSON.stringify({ name: 'comprimido' })),
    headers: { ...json, 'content-encoding': 'gzip' },
  });
  expect(res).toEqual({ status: 200, body: { name: 'comprimido' } });
});

test('a gzip bomb stops at the size limit: 413', async () => {
  const res = await send('/things/1/', {
    body: gzipSync(JSON.stringify({ name: 'x'.repeat(5_000_000) })),
    headers: { ...json, 'content-encoding': 'gzip' },
  });
  expect(res.status).toBe(413);
});

test.each(['/things/%E0%A4%A/', '/nada/%E0%A4%A', '/things/%/'])(
  'a path that does not decode (%s) is a Spanish 400',
  async (path) => {
    const res = await send(path, { body: JSON.stringify({ name: 'x' }), headers: json });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/^La dirección de la solicitud tiene caracteres/);
  },
);

test('a unique index that refuses a racing duplicate is the Spanish 409 named for it', async () => {
  const res = await send('/things/1/', {
    body: JSON.stringify({ name: 'duplicado' }),
    headers: json,
  });
  expect(res).toEqual({
    status: 409,
    body: { error: { code: 'CONFLICT', message: 'Ya hay algo con ese nombre.' } },
  });
});

test('every answer says no-store', async () => {
  const res = await fetch(`${url}/things/1/`, {
    method: 'PATCH',
    body: JSON.stringify({ name: 'x' }),
    headers: { authorization: `Bearer ${token}`, ...json },
  });
  expect(res.headers.get('cache-control')).toBe('no-store');
});
