import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cadenaOriginalTimbre } from './cadena-original.ts';
import { CfdiError } from './cfdi-error.ts';
import { SCENARIOS, demoSatCsd, demoSchoolCsd, stampLikeAPac } from './cfdi-fixtures.ts';
import { comprobanteToXml } from './comprobante-xml.ts';
import { issueCfdi } from './issue-cfdi.ts';
import {
  timbreCadenaWithSatXslt,
  validateWithSatSchemas,
  writeValidationSchema,
} from './sat-tools.ts';
import { selloIsValid } from './seal.ts';
import { parseStampedCfdi } from './stamped-cfdi.ts';

const school = demoSchoolCsd();
const sat = demoSatCsd();
const stampedAt = new Date('2026-03-05T17:22:05Z');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cfdi-stamped-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function stamped(name: keyof typeof SCENARIOS) {
  const issued = issueCfdi(SCENARIOS[name], school);
  const timbre = stampLikeAPac(issued.comprobante, sat, stampedAt);
  return { issued, timbre, xml: comprobanteToXml(issued.comprobante, timbre) };
}

describe('parseStampedCfdi', () => {
  it.each(Object.keys(SCENARIOS) as (keyof typeof SCENARIOS)[])(
    'reads back exactly what was sealed and stamped (%s)',
    (name) => {
      const { issued, timbre, xml } = stamped(name);
      const parsed = parseStampedCfdi(xml);
      expect(parsed).toEqual({ comprobante: issued.comprobante, timbre });
      expect(selloIsValid(parsed.comprobante)).toBe(true);
    },
  );

  it('does not depend on the prefixes the PAC writes', () => {
    const { issued, xml } = stamped('colegiatura y uniforme');
    const renamed = xml
      .replace(/\bcfdi([:=])/g, 'c$1')
      .replace(/\btfd([:=])/g, 't$1')
      .replace(/\biedu([:=])/g, 'ed$1');
    expect(renamed).toContain('<c:Comprobante xmlns:c=');
    expect(parseStampedCfdi(renamed).comprobante).toEqual(issued.comprobante);
  });

  it('writes a stamped XML that SAT schemas accept, and a TFD cadena equal to SAT XSLT', async () => {
    const { timbre, xml } = stamped('colegiatura sola');
    const file = path.join(dir, 'stamped.xml');
    await writeFile(file, xml);
    const schema = await writeValidationSchema(dir);
    const { valid, report } = await validateWithSatSchemas(schema, [file]);
    expect(report).toContain('validates');
    expect(valid.has(file)).toBe(true);

    // SAT's TFD stylesheet takes the timbre as the document root.
    const tfd = /<tfd:TimbreFiscalDigital [^>]*\/>/.exec(xml)?.[0] ?? '';
    const tfdFile = path.join(dir, 'tfd.xml');
    await writeFile(
      tfdFile,
      tfd.replace(' ', ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '),
    );
    expect(cadenaOriginalTimbre(timbre)).toBe(await timbreCadenaWithSatXslt(tfdFile));
  });

  it('refuses what is not a stamped CFDI 4.0, saying why', () => {
    const { issued } = stamped('colegiatura sola');
    const fail = (xml: string) => {
      try {
        parseStampedCfdi(xml);
      } catch (error) {
        expect(error).toBeInstanceOf(CfdiError);
        return (error as CfdiError).message;
      }
      throw new Error('se esperaba un error');
    };
    expect(fail(comprobanteToXml(issued.comprobante))).toBe(
      'El XML no es un CFDI 4.0 timbrado: falta el TimbreFiscalDigital.',
    );
    expect(fail('<factura/>')).toBe(
      'El XML no es un CFDI 4.0 timbrado: el elemento raíz no es cfdi:Comprobante.',
    );
    expect(fail('no es xml')).toBe('El XML no es un CFDI 4.0 timbrado: no se pudo leer.');
  });
});
