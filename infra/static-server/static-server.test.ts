import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer, type StaticServer } from './static-server.ts';

let dir: string;
let server: StaticServer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-'));
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{"id":"mfe_store"}');
  fs.writeFileSync(path.join(dir, '123.abcd1234.js'), 'console.log(1)');
  server = await startStaticServer(dir, 0);
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true });
});

test('the manifest is never cached and is readable from another origin', async () => {
  const res = await fetch(`${server.url}/mf-manifest.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(await res.json()).toEqual({ id: 'mfe_store' });
});

test('hashed chunks are cached for good; a redeploy is seen through the manifest', async () => {
  const res = await fetch(`${server.url}/123.abcd1234.js`);
  expect(res.headers.get('cache-control')).toContain('immutable');
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{"id":"mfe_store","v":2}');
  expect(await (await fetch(`${server.url}/mf-manifest.json`)).json()).toEqual({
    id: 'mfe_store',
    v: 2,
  });
  expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
});
