import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** A PDF's text as a person reads it (poppler's pdftotext), for tests of receipts. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'recibo-'));
  try {
    const file = path.join(dir, 'recibo.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', [file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
