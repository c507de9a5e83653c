/**
 * The representación impresa read back the way a person (pdftotext) and a phone (QR
 * decoder on the rendered page, pdftoppm + jsQR) read it. Needs Debian's poppler-utils.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { cadenaOriginalTimbre } from './cadena-original.ts';
import { SCENARIOS, demoSatCsd, demoSchoolCsd, stampLikeAPac } from './cfdi-fixtures.ts';
import { PRINTED_CFDI_LEGEND, renderCfdiPdf } from './cfdi-pdf.ts';
import { comprobanteToXml } from './comprobante-xml.ts';
import type { InvoiceInput } from './invoice-input.ts';
import { issueCfdi } from './issue-cfdi.ts';
import { verificationUrl } from './verification-url.ts';

// Rendering and rasterising pages (pdftoppm) takes seconds on a busy 2-core machine.
jest.setTimeout(30_000);

const run = promisify(execFile);
const school = demoSchoolCsd();
const sat = demoSatCsd();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cfdi-pdf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function render(name: keyof typeof SCENARIOS, input: InvoiceInput = SCENARIOS[name]) {
  const issued = issueCfdi(input, school);
  const timbre = stampLikeAPac(issued.comprobante, sat, new Date('2026-03-05T17:22:05Z'));
  const pdf = await renderCfdiPdf(comprobanteToXml(issued.comprobante, timbre));
  const file = path.join(dir, `${name.replaceAll(' ', '-')}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', [file, '-']);
  // Reading order with line breaks as spaces: wrapped text reads as one phrase.
  return { issued, timbre, pdf, file, text: stdout.replace(/\s+/g, ' ') };
}

/** Long codes wrap in the PDF; compare them without the line breaks. */
const joined = (text: string) => text.replace(/\s+/g, '');

describe('renderCfdiPdf', () => {
  it('prints what SAT requires of a colegiatura + uniform invoice', async () => {
    const { issued, timbre, pdf, text } = await render('colegiatura y uniforme');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    for (const expected of [
      'ESCUELA KEMPER URGATE',
      'RFC: EKU9003173C9',
      'Régimen fiscal: 603 - Personas Morales con Fines no Lucrativos',
      'Lugar de expedición (C.P.): 42501',
      `Folio fiscal (UUID): ${timbre.UUID}`,
      'Serie y folio: COL-1002',
      `No. de certificado del emisor: ${issued.comprobante.NoCertificado}`,
      'No. de certificado del SAT: 30001000000500003456',
      'Fecha de emisión: 2026-03-05T11:21:30',
      'Fecha de certificación: 2026-03-05T11:22:05',
      'Nombre: CARLOS ORTEGA SALAZAR',
      'RFC: COSC8001137NA',
      'Domicilio fiscal (C.P.): 06600',
      'Uso del CFDI: D10 - Pagos por servicios educativos (colegiaturas)',
      '86121500',
      'E48 - Servicio',
      '$4,850.00',
      'Traslado 002 - IVA: exento, base $4,850.00.',
      'Alumno: Ana Sofía Ortega Núñez; CURP: OENA160315MDFRXNA3',
      'Nivel educativo: Primaria; RVOE: 09PPR0001A.',
      '53102705',
      'H87 - Pieza',
      '$287.356667',
      'Traslado 002 - IVA: tasa 16 %, base $862.07, importe $137.93.',
      'Subtotal',
      '$5,712.07',
      'IVA trasladado',
      '$137.93',
      '$5,850.00',
      'Importe con letra: CINCO MIL OCHOCIENTOS CINCUENTA PESOS 00/100 M.N.',
      'Forma de pago: 04 - Tarjeta de crédito',
      'Método de pago: PUE - Pago en una sola exhibición',
      'Moneda: MXN - Peso Mexicano',
      'Sello digital del CFDI',
      'Sello digital del SAT',
      'Cadena original del complemento de certificación digital del SAT',
      PRINTED_CFDI_LEGEND,
    ]) {
      expect(text).toContain(expected);
    }
    expect(joined(text)).toContain(issued.comprobante.Sello);
    expect(joined(text)).toContain(timbre.SelloSAT);
    expect(joined(text)).toContain(joined(cadenaOriginalTimbre(timbre)));
  });

  it('prints rfcPago and público en general data when the invoice has them', async () => {
    const other = await render('paga alguien distinto al tutor de facturación');
    expect(other.text).toContain('RFC de quien paga: SORC591116FJ6');
    const publico = await render('público en general');
    expect(publico.text).toContain('RFC: XAXX010101000');
    expect(publico.text).toContain('Nombre: PUBLICO EN GENERAL');
    expect(publico.text).toContain('Régimen fiscal: 616 - Sin obligaciones fiscales');
    expect(publico.text).toContain('Uso del CFDI: S01 - Sin efectos fiscales');
    expect(publico.text).toContain('Información global: periodicidad 01, mes 03, año 2026');
    expect(publico.text).toContain('Forma de pago: 01 - Efectivo');
  });

  it('carries a QR that decodes, from the rendered page, to SAT verification URL', async () => {
    const { issued, timbre, file } = await render('colegiatura sola');
    await run('pdftoppm', ['-r', '110', '-png', '-singlefile', file, path.join(dir, 'page')]);
    const png = PNG.sync.read(await readFile(path.join(dir, 'page.png')));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const expected = verificationUrl({ comprobante: issued.comprobante, timbre });
    expect(qr?.data).toBe(expected);
    expect(expected).toContain(`id=${timbre.UUID}&re=EKU9003173C9&rr=COSC8001137NA&tt=4850.0&fe=`);
    expect(expected.endsWith(issued.comprobante.Sello?.slice(-8) ?? 'sin sello')).toBe(true);
  });

  it('breaks a long invoice into pages, each naming the folio fiscal and "página n de m"', async () => {
    const base = SCENARIOS['colegiatura y uniforme'];
    const lines = Array.from({ length: 40 }, (_, i) => base.lines[i % 2] ?? base.lines[0]);
    const { timbre, text } = await render('colegiatura y uniforme', { ...base, lines });
    const pages = text.match(/Página \d+ de \d+/g) ?? [];
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toBe(`Página ${i + 1} de ${pages.length}`));
    expect(text).toContain(`EKU9003173C9 · Folio fiscal ${timbre.UUID} · Página 1 de`);
    expect(text).toContain(PRINTED_CFDI_LEGEND);
  });
});
