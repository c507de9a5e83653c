import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
let remote: http.Server;
let manifestUrl: string;
const PAGE = '<!doctype html><html><head><title>Cuota</title></head><body></body></html>';

beforeAll(async () => {
  // The portal remote's static server, as the build leaves it: the manifest names the files.
  remote = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          { name: 'App', assets: { js: { sync: ['app.1a2b3c.js'], async: ['1608.9f.js'] } } },
        ],
        // Two contracts in the remote's eager chunk, one in a lazy page's own chunk.
        shared: [
          { assets: { js: { sync: ['cuota-web.4d5e6f.js'], async: [] } } },
          { assets: { js: { sync: ['cuota-web.4d5e6f.js'], async: [] } } },
          { assets: { js: { sync: ['3255.0b10.js'], async: [] } } },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  manifestUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/portal/mf-manifest.json`;
  bff = await startTestBff();
  bff.config.remotes.portal = manifestUrl;
  await fs.writeFile(path.join(bff.config.shellDistDir, 'index.html'), PAGE);
});
afterAll(async () => {
  await bff?.close();
  await new Promise((resolve) => remote.close(resolve));
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map((m) => [m[2], m[1]]);

test("a portal page tells the browser at once what the portal remote's first screen needs", async () => {
  const res = await request(bff.app).get('/guardians/abc/login').expect(404);
  const base = manifestUrl.replace('mf-manifest.json', '');
  expect(preloads(res.text)).toEqual([
    ['fetch', manifestUrl],
    ['script', `${base}remoteEntry.js`],
    ['script', `${base}app.1a2b3c.js`],
    ['script', `${base}cuota-web.4d5e6f.js`],
  ]);
  expect(res.text).toContain('crossorigin="anonymous"');
});

test('a page of no remote has no hints; a remote that is down leaves only its manifest', async () => {
  expect(preloads((await request(bff.app).get('/').expect(200)).text)).toEqual([]);
  const dashboard = await request(bff.app).get('/dashboard/login').expect(200);
  expect(preloads(dashboard.text)).toEqual([['fetch', bff.config.remotes.dashboard]]);
});
