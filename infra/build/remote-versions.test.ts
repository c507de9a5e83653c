import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  pointRemote,
  publishRemote,
  publishedVersions,
  readVersions,
  versionOf,
} from './remote-versions.ts';

let builds: string;
let dir: string;
beforeEach(() => {
  builds = fs.mkdtempSync(path.join(os.tmpdir(), 'builds-'));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
});
afterEach(() => {
  fs.rmSync(builds, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  const out = fs.mkdtempSync(path.join(builds, 'dist-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
    fs.writeFileSync(path.join(out, name), text);
  }
  return out;
}

test('a version is named by its content: any changed byte or file name is another version', () => {
  const files = { 'mf-manifest.json': '{}', 'js/a.1234abcd.js': 'a' };
  expect(versionOf(build(files))).toBe(versionOf(build(files)));
  expect(versionOf(build({ ...files, 'js/a.1234abcd.js': 'b' }))).not.toBe(versionOf(build(files)));
  expect(versionOf(build({ 'mf-manifest.json': '{}', 'js/b.1234abcd.js': 'a' }))).not.toBe(
    versionOf(build(files)),
  );
});

test('publishing copies the whole build, sub-folders too; pointing touches one remote only', () => {
  const store = publishRemote('store', build({ 'mf-manifest.json': '{}', 'js/x.js': 'x' }), dir);
  const portal = publishRemote('portal', build({ 'mf-manifest.json': '{"p":1}' }), dir);
  expect(fs.readFileSync(path.join(dir, 'store', store, 'js/x.js'), 'utf8')).toBe('x');
  pointRemote('store', store, dir);
  pointRemote('portal', portal, dir);
  expect(readVersions(dir)).toEqual({ store, portal });
  expect(publishedVersions('store', dir)).toEqual([store]);
  expect(fs.readdirSync(dir).sort()).toEqual(['portal', 'store', 'versions.json']);
});

test('a build without its manifest, or a version not published, is refused', () => {
  expect(() => publishRemote('store', build({ 'remoteEntry.js': '' }), dir)).toThrow(
    /no mf-manifest.json/,
  );
  expect(() => pointRemote('store', '../portal', dir)).toThrow(/not a version name/);
  expect(() => pointRemote('store', 'abc123', dir)).toThrow(/not published/);
  expect(readVersions(dir)).toEqual({});
});

test('a lock left by a build that died does not block pointing for good', () => {
  const version = publishRemote('store', build({ 'mf-manifest.json': '{}' }), dir);
  const lock = path.join(dir, '.versions.lock');
  fs.mkdirSync(lock);
  const longAgo = new Date(Date.now() - 60_000);
  fs.utimesSync(lock, longAgo, longAgo);
  pointRemote('store', version, dir);
  expect(readVersions(dir)).toEqual({ store: version });
  expect(fs.existsSync(lock)).toBe(false);
});
