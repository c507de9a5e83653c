/** The archive read back by Info-ZIP's own tools (unzip -t checks every CRC). */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { zipArchive } from './zip-archive';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('unzip tests it clean and extracts each file as it went in, UTF-8 names included', async () => {
  const xml = Buffer.from('<?xml version="1.0"?><cfdi:Comprobante Nombre="NÚÑEZ"/>'.repeat(50));
  const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, ...Array(300).fill(7)]);
  const file = path.join(dir, 'facturas.zip');
  await writeFile(
    file,
    zipArchive([
      { name: 'factura-A-1.xml', data: xml },
      { name: 'factura-A-1.pdf', data: pdf },
      { name: 'año/vacío.txt', data: Buffer.alloc(0) },
    ]),
  );
  const { stdout } = await run('unzip', ['-t', file]);
  expect(stdout).toContain('No errors detected');
  await run('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
  expect(await readFile(path.join(dir, 'out', 'factura-A-1.xml'))).toEqual(xml);
  expect(await readFile(path.join(dir, 'out', 'factura-A-1.pdf'))).toEqual(pdf);
  expect(await readFile(path.join(dir, 'out', 'año', 'vacío.txt'))).toEqual(Buffer.alloc(0));
});

test('no files: an empty archive unzip accepts', async () => {
  const file = path.join(dir, 'vacio.zip');
  await writeFile(file, zipArchive([]));
  const { stdout } = await run('zipinfo', ['-t', file]).catch((e: { stdout: string }) => e);
  expect(stdout).toContain('Empty zipfile');
});
