/**
 * SAT's own files run by independent tools (Debian's xmllint and xsltproc), to check what
 * the engine writes: the XML against cfdv40.xsd + iedu.xsd + TimbreFiscalDigitalv11.xsd,
 * and the cadena original with SAT's XSLT; openssl verifies a Sello. Used by the tests and
 * the benchmark.
 */
import { execFile } from 'node:child_process';
import { randomUUID, X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SAT_FILES } from '@cuota/sat-cfd/sat-files';

const run = promisify(execFile);
const MAX_OUTPUT = 64 * 1024 * 1024;

/** One schema importing every namespace a stamped school invoice uses (xs:any is strict). */
export async function writeValidationSchema(dir: string): Promise<string> {
  const imports = [
    ['http://www.sat.gob.mx/cfd/4', SAT_FILES.cfdi40Xsd],
    ['http://www.sat.gob.mx/iedu', SAT_FILES.ieduXsd],
    ['http://www.sat.gob.mx/TimbreFiscalDigital', SAT_FILES.tfd11Xsd],
    ['http://www.sat.gob.mx/Pagos20', SAT_FILES.pagos20Xsd],
  ]
    .map(([ns, file]) => ` <xs:import namespace="${ns}" schemaLocation="file://${file}"/>`)
    .join('\n');
  const schema = path.join(dir, 'cfdi-escuela.xsd');
  await writeFile(
    schema,
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${imports}\n</xs:schema>\n`,
  );
  return schema;
}

export interface SchemaValidation {
  /** Files xmllint said validate. */
  valid: Set<string>;
  /** Everything xmllint printed, to show why a file failed. */
  report: string;
}

/** One xmllint run over all files: the schema is compiled once. */
export async function validateWithSatSchemas(
  schema: string,
  files: string[],
): Promise<SchemaValidation> {
  const { stderr } = await run('xmllint', ['--noout', '--schema', schema, ...files], {
    maxBuffer: MAX_OUTPUT,
  }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
  const valid = new Set(
    stderr
      .split('\n')
      .filter((line) => line.endsWith(' validates'))
      .map((line) => line.slice(0, -' validates'.length)),
  );
  return { valid, report: stderr };
}

/** The cadena original as SAT's stylesheet computes it (its "1.1 features" notes dropped). */
export async function cadenaWithSatXslt(xmlFile: string): Promise<string> {
  const { stdout } = await run('xsltproc', [SAT_FILES.cadenaOriginal40Xslt, xmlFile], {
    maxBuffer: MAX_OUTPUT,
  });
  return stdout;
}

/** The TimbreFiscalDigital's cadena, from a file holding only the tfd element. */
export async function timbreCadenaWithSatXslt(tfdFile: string): Promise<string> {
  const { stdout } = await run('xsltproc', [SAT_FILES.cadenaOriginalTfd11Xslt, tfdFile], {
    maxBuffer: MAX_OUTPUT,
  });
  return stdout;
}

/**
 * openssl's verdict ("Verified OK") on a Sello: RSA-SHA256 of `cadena` with the public key
 * of the base64 Certificado the CFDI carries. Scratch files go to `dir`.
 */
export async function opensslVerifiesSello(
  dir: string,
  seal: { certificado: string; sello: string },
  cadena: string,
): Promise<string> {
  const base = path.join(dir, `seal-${randomUUID()}`);
  const publicKey = new X509Certificate(Buffer.from(seal.certificado, 'base64')).publicKey;
  await writeFile(`${base}.pem`, publicKey.export({ type: 'spki', format: 'pem' }));
  await writeFile(`${base}.sig`, Buffer.from(seal.sello, 'base64'));
  await writeFile(`${base}.txt`, cadena);
  const { stdout } = await run('openssl', [
    'dgst',
    '-sha256',
    '-verify',
    `${base}.pem`,
    '-signature',
    `${base}.sig`,
    `${base}.txt`,
  ]);
  return stdout.trim();
}

/**
 * A temporary folder holding SAT's schema, where a test writes each CFDI the engine issued and
 * gets SAT's verdict on it (xmllint, xsltproc and openssl read files).
 */
export async function satWorkspace(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const schema = await writeValidationSchema(dir);
  let files = 0;
  return {
    dir,
    /**
     * The XSD's word (true, or xmllint's report), the cadena original SAT's XSLT makes of the
     * XML, and openssl's word on the Sello over that cadena with the Certificado.
     */
    async verdict(
      xml: string,
      { Certificado = '', Sello = '' }: { Certificado?: string; Sello?: string },
    ) {
      const file = path.join(dir, `cfdi-${++files}.xml`);
      await writeFile(file, xml);
      const { valid, report } = await validateWithSatSchemas(schema, [file]);
      const satCadena = await cadenaWithSatXslt(file);
      const seal = await opensslVerifiesSello(
        dir,
        { certificado: Certificado, sello: Sello },
        satCadena,
      );
      return { file, validates: valid.has(file) || report, satCadena, seal };
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
export type SatWorkspace = Awaited<ReturnType<typeof satWorkspace>>;
