import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
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

test("the build's brotli copy is sent to a browser that takes it, typed as the original", async () => {
  const chunk = `var chunk = ${JSON.stringify('xyz'.repeat(2000))};`;
  const file = path.join(dir, '456.beef1234.js');
  fs.writeFileSync(file, chunk);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(chunk));
  const raw = (encoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(
          `${server.url}/456.beef1234.js`,
          { headers: { 'accept-encoding': encoding } },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (c: Buffer) => parts.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
          },
        )
        .on('error', reject);
    });
  const br = await raw('gzip, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/^text\/javascript/);
  expect(br.headers['cache-control']).toContain('immutable');
  expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
  expect(zlib.brotliDecompressSync(br.body).toString()).toBe(chunk);
  const plain = await raw('gzip'); // no gzip copy on disk: the file as it is
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(chunk);
});
