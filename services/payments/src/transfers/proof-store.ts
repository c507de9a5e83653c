import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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

  /** Only a hash names a file: nothing a caller sends can reach outside the directory. */
  private fileOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256 name: ${sha256}`);
    return path.join(this.directory, sha256.slice(0, 2), sha256);
  }
}
