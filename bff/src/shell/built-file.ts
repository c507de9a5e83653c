import fs from 'node:fs/promises';

/** A file of a web build, re-read only when it is rebuilt (its mtime changes); none yet: undefined. */
export function createBuiltFileReader(file: string): () => Promise<Buffer | undefined> {
  let cached: { mtimeMs: number; bytes: Buffer } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await fs.stat(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, bytes: await fs.readFile(file) };
      return cached.bytes;
    } catch {
      return undefined;
    }
  };
}
