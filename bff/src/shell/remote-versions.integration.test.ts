import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { pointRemote, publishRemote, versionsFile } from '@cuota/infra/build/remote-versions.ts';
import { REMOTES, startTestBff, type TestBff } from '../test-support/test-bff';

// A remote team's deploy as the BFF sees it: two published store builds, the versions file
// pointed at one then the other, and back (ADR 0078).
let dir: string;
let bff: TestBff;
const STORE = 'http://remotes.cuota.test/store/[version]/mf-manifest.json';

/** A build folder as webpack leaves it, told apart by its label. */
function storeBuild(label: string): string {
  const build = fs.mkdtempSync(path.join(dir, 'dist-'));
  fs.writeFileSync(
    path.join(build, 'mf-manifest.json'),
    JSON.stringify({ id: 'mfe_store', label }),
  );
  fs.writeFileSync(path.join(build, 'remoteEntry.js'), `/* ${label} */`);
  return build;
}

const storeEntry = async () =>
  (await request(bff.app).get('/api/remotes').expect(200)).body.remotes.find(
    (r: { name: string }) => r.name === 'mfe_store',
  ).entry as string;

let first: string;
let second: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
  first = publishRemote('store', storeBuild('primera'), dir);
  second = publishRemote('store', storeBuild('segunda'), dir);
  pointRemote('store', first, dir);
  bff = await startTestBff({
    remoteVersions: { file: versionsFile(dir), templates: { ...REMOTES, store: STORE } },
  });
});
afterAll(async () => {
  await bff?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a deploy and a rollback are one change to the versions file, seen on the next load', async () => {
  const at = (version: string) => STORE.replace('[version]', version);
  expect(await storeEntry()).toBe(at(first));

  pointRemote('store', second, dir);
  expect(await storeEntry()).toBe(at(second));
  // The page carries the same answer, so the shell loads the new version without asking.
  const page = await request(bff.app).get('/store').expect(200);
  expect(page.text).toContain(at(second));
  expect(page.text).toContain(`<link rel="preload" href="${at(second)}"`);

  pointRemote('store', first, dir);
  expect(await storeEntry()).toBe(at(first));
  // The other remotes never moved.
  const { body } = await request(bff.app).get('/api/remotes');
  expect(body.remotes.slice(0, 2).map((r: { entry: string }) => r.entry)).toEqual([
    REMOTES.portal,
    REMOTES.dashboard,
  ]);
});

test('a versions file that does not parse keeps the versions pages already get', async () => {
  fs.writeFileSync(versionsFile(dir), '{ "store": "../../otro-sitio" }');
  expect(await storeEntry()).toBe(STORE.replace('[version]', first));
  fs.writeFileSync(versionsFile(dir), 'no es JSON');
  expect(await storeEntry()).toBe(STORE.replace('[version]', first));
  // Mended by hand: read again.
  fs.writeFileSync(versionsFile(dir), JSON.stringify({ store: second }));
  expect(await storeEntry()).toBe(STORE.replace('[version]', second));
});

test('publishing the same build twice gives the same version; a version is never rewritten', () => {
  const build = storeBuild('segunda');
  expect(publishRemote('store', build, dir)).toBe(second);
  expect(() => pointRemote('store', 'no-publicada', dir)).toThrow(/not published/);
  const manifest = path.join(dir, 'store', second, 'mf-manifest.json');
  expect(JSON.parse(fs.readFileSync(manifest, 'utf8')).label).toBe('segunda');
});
