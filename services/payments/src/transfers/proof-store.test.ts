import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskProofStore, sha256Of } from './proof-store';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'cuota-proofs-'));
});
afterEach(() => rm(directory, { recursive: true, force: true }));

test('a proof is kept under the SHA-256 of its bytes and read back', async () => {
  const store = new LocalDiskProofStore(directory);
  const bytes = Buffer.from('%PDF-1.4 comprobante');
  const sha256 = await store.put(bytes);
  expect(sha256).toBe(sha256Of(bytes));
  expect(await store.get(sha256)).toEqual(bytes);
  expect(await readdir(path.join(directory, sha256.slice(0, 2)))).toEqual([sha256]);
});

test('the same file twice, even at once, is one file; an unknown hash is null', async () => {
  const store = new LocalDiskProofStore(directory);
  const bytes = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
  const names = await Promise.all(Array.from({ length: 5 }, () => store.put(bytes)));
  expect(new Set(names).size).toBe(1);
  expect(await readdir(path.join(directory, names[0]!.slice(0, 2)))).toEqual([names[0]]);
  expect(await store.get('0'.repeat(64))).toBeNull();
});

test('only a hash names a file: a path is refused before the disk is touched', async () => {
  const store = new LocalDiskProofStore(directory);
  await expect(store.get('../../etc/passwd')).rejects.toThrow('not a SHA-256 name');
});

test('old files are listed; one written again since is not deleted (a new upload of it)', async () => {
  const store = new LocalDiskProofStore(directory);
  const old = await store.put(Buffer.from('%PDF-1.4 vieja'));
  const fresh = await store.put(Buffer.from('%PDF-1.4 nueva'));
  const hourAgo = new Date(Date.now() - 3_600_000);
  await utimes(path.join(directory, old.slice(0, 2), old), hourAgo, hourAgo);
  const cutoff = new Date(Date.now() - 60_000);
  const listed: string[] = [];
  for await (const sha256 of store.writtenBefore(cutoff)) listed.push(sha256);
  expect(listed).toEqual([old]);

  await store.put(Buffer.from('%PDF-1.4 vieja')); // uploaded again meanwhile
  expect(await store.deleteIfWrittenBefore(old, cutoff)).toBe(false);
  expect(await store.get(old)).not.toBeNull();
  expect(await store.deleteIfWrittenBefore(fresh, new Date(Date.now() + 60_000))).toBe(true);
  expect(await store.get(fresh)).toBeNull();
});
