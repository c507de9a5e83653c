import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
