import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where transfer proofs live (ADR 0045): files named by the SHA-256 of their bytes, so the
 * same file uploaded twice (a retry, both parents) is kept once and a name can never point at
 * other bytes. The database keeps the hash and the file's description, not the bytes.
 */
export interface ProofStore {
  /** Keeps the bytes and answers their SHA-256 (hex), the name to read them by. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes kept under this hash; null when there are none. */
  get(sha256: string): Promise<Buffer | null>;
  /** Every kept file last written before `before`, by hash. */
  writtenBefore(before: Date): AsyncIterable<string>;
  /** Forgets the file, unless it was written again since `before` (a new upload of it). */
  deleteIfWrittenBefore(sha256: string, before: Date): Promise<boolean>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The store on a local disk: `<directory>/ab/<hash>` (a level of sub-directories keeps
 * listings short). A file is written under a temporary name and renamed, so a reader never
 * sees half of one; rewriting an existing hash writes the same bytes.
 */
export class LocalDiskProofStore implements ProofStore {
  private readonly directory: string;

  constructor(directory: string) {
    this.directory = path.resolve(directory);
  }

  async put(bytes: Buffer): Promise<string> {
    const sha256 = sha256Of(bytes);
    const file = this.fileOf(sha256);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
    return sha256;
  }

  async get(sha256: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(sha256));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async *writtenBefore(before: Date): AsyncIterable<string> {
    for (const prefix of await this.entries(this.directory)) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      for (const name of await this.entries(path.join(this.directory, prefix))) {
        if (!SHA256_HEX.test(name)) continue; // a temporary file being written
        const written = await this.writtenAt(name);
        if (written && written < before) yield name;
      }
    }
  }

  async deleteIfWrittenBefore(sha256: string, before: Date): Promise<boolean> {
    const written = await this.writtenAt(sha256);
    if (!written || written >= before) return false;
    await unlink(this.fileOf(sha256)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    return true;
  }

  private async writtenAt(sha256: string): Promise<Date | null> {
    try {
      return (await stat(this.fileOf(sha256))).mtime;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  private async entries(directory: string): Promise<string[]> {
    try {
      return await readdir(directory);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  /** Only a hash names a file: nothing a caller sends can reach outside the directory. */
  private fileOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256 name: ${sha256}`);
    return path.join(this.directory, sha256.slice(0, 2), sha256);
  }
}
