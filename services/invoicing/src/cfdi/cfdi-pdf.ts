/**
 * The representación impresa of a stamped CFDI: everything Anexo 20 and the IEDU decree
 * ask to print (both parties with RFC, name, régimen and CP; UsoCFDI; folio fiscal; serie
 * and folio; both certificate numbers; issue and certification dates; every concept with its
 * keys, amounts, ObjetoImp, taxes and IEDU data; subtotal, IVA, total and total con letra;
 * forma, método de pago and moneda; both seals; the TFD's cadena original; the verification
 * QR) and the legend "Este documento es una representación impresa de un CFDI".
 */
import QRCode from 'qrcode';
import { amountInWords } from '@cuota/documents/amount-in-words';
import { formatDecimalPesos } from '@cuota/documents/money-format';
import {
  COLOR,
  FONT,
  MARGIN,
  contentWidth,
  createPdf,
  ensureSpace,
  footerOnEveryPage,
  labelled,
  pdfBytes,
  sectionTitle,
  smallPrint,
  type Pdf,
} from '@cuota/documents/pdf-kit';
import { parseCentavos } from './cfdi-amounts.ts';
import { pagosSection } from './cfdi-pdf-pagos.ts';
import { cadenaOriginalTimbre } from './cadena-original.ts';
import type { Comprobante, Concepto, StampedComprobante, Traslado } from './comprobante.ts';
import {
  EXPORTACIONES,
  FORMAS_PAGO,
  IMPUESTOS,
  METODOS_PAGO,
  OBJETOS_IMPUESTO,
  REGIMENES_FISCALES,
  TIPOS_COMPROBANTE,
  USOS_CFDI,
  describe,
} from './sat-catalogs.ts';
import { parseStampedCfdi } from './stamped-cfdi.ts';
import { verificationUrl } from './verification-url.ts';

export const PRINTED_CFDI_LEGEND = 'Este documento es una representación impresa de un CFDI';

export async function renderCfdiPdf(stampedXml: string): Promise<Buffer> {
  const stamped = parseStampedCfdi(stampedXml);
  const { comprobante, timbre } = stamped;
  const doc = await createPdf({ title: `CFDI ${timbre.UUID}`, author: comprobante.Emisor.Nombre });
  header(doc, stamped);
  receptor(doc, comprobante);
  conceptos(doc, comprobante);
  // A CFDI de pago's own amounts are zero by rule: its complement carries the money.
  if (comprobante.Pagos) pagosSection(doc, comprobante.Pagos);
  else totals(doc, comprobante);
  await seals(doc, stamped);
  footerOnEveryPage(doc, `${comprobante.Emisor.Rfc} · Folio fiscal ${timbre.UUID}`);
  return pdfBytes(doc);
}

const DOCUMENT_TITLES: Record<string, string> = {
  I: 'FACTURA',
  E: 'NOTA DE CRÉDITO',
  P: 'COMPLEMENTO DE PAGO',
};

function header(doc: Pdf, { comprobante: c, timbre }: StampedComprobante): void {
  const top = doc.y;
  const leftWidth = 250;
  doc.font(FONT.bold).fontSize(12).fillColor(COLOR.accent).text(c.Emisor.Nombre, MARGIN, top, {
    width: leftWidth,
  });
  doc.moveDown(0.3);
  labelled(doc, 'RFC', c.Emisor.Rfc, MARGIN, leftWidth);
  labelled(
    doc,
    'Régimen fiscal',
    describe(REGIMENES_FISCALES, c.Emisor.RegimenFiscal),
    MARGIN,
    leftWidth,
  );
  labelled(doc, 'Lugar de expedición (C.P.)', c.LugarExpedicion, MARGIN, leftWidth);
  for (const { TipoRelacion, UUIDs } of c.CfdiRelacionados ?? [])
    labelled(doc, `CFDI relacionados (${TipoRelacion})`, UUIDs.join(', '), MARGIN, leftWidth);
  const leftBottom = doc.y;

  const x = MARGIN + leftWidth + 20;
  const width = contentWidth(doc) - leftWidth - 20;
  doc.y = top;
  const title = DOCUMENT_TITLES[c.TipoDeComprobante] ?? 'FACTURA';
  doc.font(FONT.bold).fontSize(11).fillColor(COLOR.accent).text(title, x, top, { width });
  doc.moveDown(0.2);
  const serieFolio = [c.Serie, c.Folio].filter(Boolean).join('-');
  if (serieFolio) labelled(doc, 'Serie y folio', serieFolio, x, width);
  labelled(doc, 'Folio fiscal (UUID)', timbre.UUID, x, width);
  labelled(doc, 'Fecha de emisión', c.Fecha, x, width);
  labelled(doc, 'Fecha de certificación', timbre.FechaTimbrado, x, width);
  labelled(doc, 'No. de certificado del emisor', c.NoCertificado ?? '', x, width);
  labelled(doc, 'No. de certificado del SAT', timbre.NoCertificadoSAT, x, width);
  labelled(doc, 'Tipo de comprobante', describe(TIPOS_COMPROBANTE, c.TipoDeComprobante), x, width);
  labelled(doc, 'Exportación', describe(EXPORTACIONES, c.Exportacion), x, width);
  doc.y = Math.max(leftBottom, doc.y) + 6;
}

function receptor(doc: Pdf, c: Comprobante): void {
  const width = contentWidth(doc);
  sectionTitle(doc, 'Receptor', MARGIN, width);
  const top = doc.y;
  const half = width / 2 - 6;
  labelled(doc, 'Nombre', c.Receptor.Nombre, MARGIN, half);
  labelled(doc, 'RFC', c.Receptor.Rfc, MARGIN, half);
  labelled(doc, 'Domicilio fiscal (C.P.)', c.Receptor.DomicilioFiscalReceptor, MARGIN, half);
  const leftBottom = doc.y;
  doc.y = top;
  const x = MARGIN + half + 12;
  labelled(
    doc,
    'Régimen fiscal',
    describe(REGIMENES_FISCALES, c.Receptor.RegimenFiscalReceptor),
    x,
    half,
  );
  labelled(doc, 'Uso del CFDI', describe(USOS_CFDI, c.Receptor.UsoCFDI), x, half);
  doc.y = Math.max(leftBottom, doc.y) + 6;
}

/** Column widths of the concepts table; the description takes what is left. */
const COLUMNS = [
  { title: 'Clave prod./serv.', width: 56, align: 'left' },
  { title: 'Cantidad', width: 40, align: 'right' },
  { title: 'Clave unidad', width: 56, align: 'left' },
  { title: 'Descripción', width: 0, align: 'left' },
  { title: 'Valor unitario', width: 72, align: 'right' },
  { title: 'Importe', width: 64, align: 'right' },
  { title: 'Objeto imp.', width: 40, align: 'center' },
] as const;

function columnLayout(doc: Pdf) {
  const fixed = COLUMNS.reduce((sum, column) => sum + column.width, 0);
  let x = MARGIN;
  return COLUMNS.map((column) => {
    const width = column.width || contentWidth(doc) - fixed;
    const placed = { ...column, x, width };
    x += width;
    return placed;
  });
}

function conceptos(doc: Pdf, c: Comprobante): void {
  const width = contentWidth(doc);
  const columns = columnLayout(doc);
  sectionTitle(doc, 'Conceptos', MARGIN, width);
  const headerY = doc.y;
  doc.font(FONT.bold).fontSize(7).fillColor(COLOR.muted);
  for (const column of columns) {
    doc.text(column.title, column.x + 2, headerY, { width: column.width - 4, align: column.align });
  }
  doc.y = headerY + 18;
  for (const concepto of c.Conceptos) conceptoRow(doc, concepto, columns);
  doc.moveDown(0.4);
}

function conceptoRow(doc: Pdf, concepto: Concepto, columns: ReturnType<typeof columnLayout>): void {
  const cells = [
    concepto.ClaveProdServ,
    concepto.Cantidad,
    [concepto.ClaveUnidad, concepto.Unidad].filter(Boolean).join(' - '),
    concepto.Descripcion,
    formatDecimalPesos(concepto.ValorUnitario),
    formatDecimalPesos(concepto.Importe),
    concepto.ObjetoImp,
  ];
  doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.text);
  const description = columns[3];
  const rowHeight = Math.max(
    10,
    doc.heightOfString(concepto.Descripcion, { width: (description?.width ?? 100) - 4 }),
  );
  ensureSpace(doc, rowHeight + 30);
  const y = doc.y;
  columns.forEach((column, i) => {
    doc.text(cells[i] ?? '', column.x + 2, y, { width: column.width - 4, align: column.align });
  });
  doc.y = y + rowHeight + 2;
  const detailX = description?.x ?? MARGIN;
  const detailWidth = MARGIN + contentWidth(doc) - detailX;
  doc.fontSize(6.5).fillColor(COLOR.muted);
  doc.text(taxLine(concepto), detailX + 2, doc.y, { width: detailWidth - 4 });
  const iedu = concepto.instEducativas;
  if (iedu) {
    const parts = [
      `Alumno: ${iedu.nombreAlumno}`,
      `CURP: ${iedu.CURP}`,
      `Nivel educativo: ${iedu.nivelEducativo}`,
      `RVOE: ${iedu.autRVOE}`,
      ...(iedu.rfcPago ? [`RFC de quien paga: ${iedu.rfcPago}`] : []),
    ];
    doc.text(
      `Complemento IEDU (instituciones educativas privadas). ${parts.join('; ')}.`,
      detailX + 2,
      doc.y,
      {
        width: detailWidth - 4,
      },
    );
  }
  doc.fillColor(COLOR.text);
  const ruleY = doc.y + 3;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + contentWidth(doc), ruleY)
    .lineWidth(0.5)
    .stroke(COLOR.rule);
  doc.y = ruleY + 4;
}

function taxLine(concepto: Concepto): string {
  const objeto = `Objeto de impuesto: ${describe(OBJETOS_IMPUESTO, concepto.ObjetoImp)}.`;
  const taxes = (concepto.Traslados ?? []).map(
    (t) => `Traslado ${describe(IMPUESTOS, t.Impuesto)}: ${trasladoText(t)}.`,
  );
  return [objeto, ...taxes].join(' ');
}

function trasladoText(t: Traslado): string {
  const base = `base ${formatDecimalPesos(t.Base)}`;
  if (t.TipoFactor === 'Exento') return `exento, ${base}`;
  const rate = t.TasaOCuota ? ` ${percent(t.TasaOCuota)}` : '';
  const importe = t.Importe ? `, importe ${formatDecimalPesos(t.Importe)}` : '';
  return `${t.TipoFactor.toLowerCase()}${rate}, ${base}${importe}`;
}

/** "0.160000" → "16 %" without floating point. */
function percent(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = `${whole}${fraction.padEnd(6, '0')}`; // millionths
  const hundredths = BigInt(digits) / 100n; // rate × 10 000
  const integer = hundredths / 100n;
  const decimals = String(hundredths % 100n)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${integer}${decimals ? `.${decimals}` : ''} %`;
}

function totals(doc: Pdf, c: Comprobante): void {
  ensureSpace(doc, 90);
  const width = contentWidth(doc);
  const boxWidth = 200;
  const boxX = MARGIN + width - boxWidth;
  const top = doc.y;
  const leftWidth = width - boxWidth - 16;
  labelled(doc, 'Importe con letra', amountInWords(parseCentavos(c.Total)), MARGIN, leftWidth);
  if (c.FormaPago)
    labelled(doc, 'Forma de pago', describe(FORMAS_PAGO, c.FormaPago), MARGIN, leftWidth);
  if (c.MetodoPago)
    labelled(doc, 'Método de pago', describe(METODOS_PAGO, c.MetodoPago), MARGIN, leftWidth);
  labelled(doc, 'Moneda', c.Moneda === 'MXN' ? 'MXN - Peso Mexicano' : c.Moneda, MARGIN, leftWidth);
  const global = c.InformacionGlobal;
  if (global) {
    labelled(
      doc,
      'Información global',
      `periodicidad ${global.Periodicidad}, mes ${global.Meses}, año ${global.Año}`,
      MARGIN,
      leftWidth,
    );
  }
  const leftBottom = doc.y;

  const exempt = c.Impuestos?.Traslados.find((t) => t.TipoFactor === 'Exento');
  const rows: [string, string][] = [
    ['Subtotal', formatDecimalPesos(c.SubTotal)],
    ...(exempt
      ? ([['Base exenta de IVA', formatDecimalPesos(exempt.Base)]] as [string, string][])
      : []),
    ['IVA trasladado', formatDecimalPesos(c.Impuestos?.TotalImpuestosTrasladados ?? '0.00')],
    ['Total', formatDecimalPesos(c.Total)],
  ];
  let y = top;
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    if (last) doc.rect(boxX, y - 2, boxWidth, 14).fill(COLOR.band);
    doc
      .font(last ? FONT.bold : FONT.regular)
      .fontSize(last ? 9 : 8)
      .fillColor(COLOR.text);
    doc.text(label, boxX + 4, y, { width: 100 });
    doc.text(value, boxX + 100, y, { width: boxWidth - 104, align: 'right' });
    y += 13;
  });
  doc.y = Math.max(leftBottom, y) + 8;
}

async function seals(doc: Pdf, stamped: StampedComprobante): Promise<void> {
  const { comprobante: c, timbre } = stamped;
  ensureSpace(doc, 220);
  const qrSize = 110;
  const top = doc.y;
  const qr = await QRCode.toBuffer(verificationUrl(stamped), {
    errorCorrectionLevel: 'M',
    margin: 2,
    scale: 6,
  });
  doc.image(qr, MARGIN, top, { width: qrSize, height: qrSize });
  const x = MARGIN + qrSize + 12;
  const width = contentWidth(doc) - qrSize - 12;
  doc.y = top;
  smallPrint(doc, 'Sello digital del CFDI', c.Sello ?? '', x, width);
  smallPrint(doc, 'Sello digital del SAT', timbre.SelloSAT, x, width);
  smallPrint(
    doc,
    'Cadena original del complemento de certificación digital del SAT',
    cadenaOriginalTimbre(timbre),
    x,
    width,
  );
  doc.y = Math.max(doc.y, top + qrSize) + 8;
  doc
    .font(FONT.bold)
    .fontSize(8)
    .fillColor(COLOR.text)
    .text(PRINTED_CFDI_LEGEND, MARGIN, doc.y, { width: contentWidth(doc), align: 'center' });
  doc
    .font(FONT.regular)
    .fontSize(7)
    .fillColor(COLOR.muted)
    .text(`RFC del proveedor de certificación: ${timbre.RfcProvCertif}`, {
      width: contentWidth(doc),
      align: 'center',
    });
}
