import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SAT_FILES } from '@cuota/sat-cfd/sat-files';

/**
 * SAT's own XSD and XSLT, run by libxml2's tools (xmllint, xsltproc) as a real PAC runs
 * SAT's files: the XSLT 2.0 cadena stylesheets work in xsltproc's forwards-compatible mode.
 */

interface ToolResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

function runTool(command: string, args: string[], input: string): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (exitCode) =>
      resolve({
        exitCode: exitCode ?? -1,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
    child.stdin.on('error', () => {}); // a tool that exits early closes its stdin: 'close' reports it
    child.stdin.end(input, 'utf8');
  });
}

/** The cadena original of `xml` by one of SAT's stylesheets (CFDI 4.0 or TFD 1.1). */
export async function cadenaOriginal(xml: string, stylesheet: string): Promise<string> {
  const result = await runTool('xsltproc', ['--nonet', stylesheet, '-'], xml);
  // SAT's 2.0 stylesheets make xsltproc print "only 1.1 features are supported" and still succeed.
  if (result.exitCode !== 0)
    throw new Error(`xsltproc falló (${result.exitCode}): ${result.stderr}`);
  return result.stdout;
}

/**
 * One schema importing every one the sandbox knows: cfdv40's Complemento and
 * ComplementoConcepto are strict wildcards, so a complement validates only when its own
 * schema is loaded, and one whose schema is unknown is refused.
 */
const SCHEMAS: Record<string, string> = {
  'http://www.sat.gob.mx/cfd/4': SAT_FILES.cfdi40Xsd,
  'http://www.sat.gob.mx/iedu': SAT_FILES.ieduXsd,
  'http://www.sat.gob.mx/TimbreFiscalDigital': SAT_FILES.tfd11Xsd,
  'http://www.sat.gob.mx/Pagos20': SAT_FILES.pagos20Xsd,
};

let combinedSchema: string | undefined;

function combinedSchemaFile(): string {
  if (combinedSchema && fs.existsSync(combinedSchema)) return combinedSchema;
  const imports = Object.entries(SCHEMAS)
    .map(([ns, file]) => `  <xs:import namespace="${ns}" schemaLocation="${pathToFileURL(file)}"/>`)
    .join('\n');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cuota-pac-'));
  combinedSchema = path.join(dir, 'cfdi40-con-complementos.xsd');
  fs.writeFileSync(
    combinedSchema,
    `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${imports}\n</xs:schema>\n`,
  );
  return combinedSchema;
}

/** xmllint's complaints about `xml` against SAT's schemas; empty when it validates. */
export async function schemaErrors(xml: string): Promise<string[]> {
  const result = await runTool(
    'xmllint',
    ['--noout', '--nonet', '--schema', combinedSchemaFile(), '-'],
    xml,
  );
  if (result.exitCode === 0) return [];
  const errors = result.stderr
    .split('\n')
    .filter((line) => line.trim() && !line.endsWith('fails to validate'))
    .map((line) => line.replace(/^-:\d+: /, ''));
  return errors.length ? errors : [`xmllint terminó con código ${result.exitCode}`];
}
