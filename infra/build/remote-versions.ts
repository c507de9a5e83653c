// A remote's published builds and the pointer that says which one the BFF serves (ADR 0078).
// `<remotes dir>/<remote>/<version>/` holds one build (mf-manifest.json and its chunks) named
// by the hash of its content, never changed once written; `<remotes dir>/versions.json` maps
// each remote to the version pages load. Deploying or rolling back a remote is one change to
// that file; no other remote and not the shell is rebuilt.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../lib/workspaces.ts';

export const REMOTES = ['portal', 'dashboard', 'store'] as const;
export type Remote = (typeof REMOTES)[number];

/** What the BFF reads (REMOTE_VERSIONS_FILE): the version each remote serves. */
export type RemoteVersions = Partial<Record<Remote, string>>;

/** A version is a folder name in a URL: letters, digits, dots, dashes and underscores only. */
export const VERSION_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Where versions are published (a CDN bucket's layout); `CUOTA_REMOTES_DIR` moves it. */
export const remotesDir = (): string =>
  path.resolve(process.env.CUOTA_REMOTES_DIR ?? path.join(repoRoot, '.cuota/remotes'));

export const versionsFile = (dir = remotesDir()): string => path.join(dir, 'versions.json');

export function isRemote(name: string): name is Remote {
  return (REMOTES as readonly string[]).includes(name);
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The build's version: a hash of every file's name and bytes, so equal builds share one. */
export function versionOf(buildDir: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of filesUnder(buildDir)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(buildDir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Copies a remote's build into its version folder and answers the version. The copy is made
 * beside the folder and renamed into place, so a half-written version is never served; a
 * version already published is left as it is (same name, same bytes).
 */
export function publishRemote(remote: Remote, buildDir: string, dir = remotesDir()): string {
  if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json')))
    throw new Error(`${buildDir} has no mf-manifest.json: build the ${remote} remote first`);
  const version = versionOf(buildDir);
  const target = path.join(dir, remote, version);
  if (fs.existsSync(target)) return version;
  const staging = `${target}.${process.pid}.partial`;
  fs.cpSync(buildDir, staging, { recursive: true });
  try {
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another build published the same bytes first.
    if (!fs.existsSync(target)) throw error;
  }
  return version;
}

/** The published versions of a remote, newest first. */
export function publishedVersions(remote: Remote, dir = remotesDir()): string[] {
  const folder = path.join(dir, remote);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isDirectory() && VERSION_PATTERN.test(e.name) && !e.name.endsWith('.partial'))
    .map((e) => ({ name: e.name, at: fs.statSync(path.join(folder, e.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
    .map((e) => e.name);
}

export function readVersions(dir = remotesDir()): RemoteVersions {
  try {
    return JSON.parse(fs.readFileSync(versionsFile(dir), 'utf8')) as RemoteVersions;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/**
 * Points a remote at a published version: the deploy, or the rollback. The file is replaced
 * whole (written aside, then renamed), under a lock because two remotes may be built at once.
 */
export function pointRemote(remote: Remote, version: string, dir = remotesDir()): void {
  if (!VERSION_PATTERN.test(version)) throw new Error(`"${version}" is not a version name`);
  if (!fs.existsSync(path.join(dir, remote, version, 'mf-manifest.json')))
    throw new Error(`${remote} ${version} is not published in ${dir}`);
  withLock(path.join(dir, '.versions.lock'), () => {
    const file = versionsFile(dir);
    const next = { ...readVersions(dir), [remote]: version };
    fs.writeFileSync(`${file}.${process.pid}`, `${JSON.stringify(next, null, 2)}\n`);
    fs.renameSync(`${file}.${process.pid}`, file);
  });
}

const STALE_LOCK_MS = 5000;

/** A lock for a few milliseconds of work: a folder only one process can create. */
function withLock(lock: string, work: () => void): void {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const waitUntil = Date.now() + 10_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > waitUntil) throw error;
      // Left by a process that died holding it (the work takes milliseconds): taken over.
      const heldSince = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - heldSince > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    work();
  } finally {
    fs.rmdirSync(lock);
  }
}
