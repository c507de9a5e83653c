/**
 * The pieces every printed document of Cuota is drawn with (pdfkit): page, fonts,
 * colours, labelled values, section titles and page breaks. PDF's standard Helvetica
 * (WinAnsi) covers Spanish, so no font files ship.
 */
import type PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
export const COLOR = {
  text: '#1f2933',
  muted: '#52606d',
  rule: '#cbd2d9',
  band: '#eef2f7',
  accent: '#0b4f8a',
} as const;
export const MARGIN = 36;

export interface PdfInfo {
  title: string;
  author: string;
}

// pdfkit holds ~27 MB once loaded; a service loads it for its first document, not at start.
let pdfkit: Promise<typeof PDFDocument> | undefined;

export async function createPdf(info: PdfInfo): Promise<Pdf> {
  const PDFDocument = await (pdfkit ??= import('pdfkit').then((m) => m.default));
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: info.title, Author: info.author },
    lang: 'es-MX',
    bufferPages: true, // so footers can say "página n de m" once all pages exist
  });
  doc.font(FONT.regular).fontSize(8).fillColor(COLOR.text);
  return doc;
}

/** Ends the document and resolves with its bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A small centred line at the foot of every page, with "Página n de m". */
export function footerOnEveryPage(doc: Pdf, text: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not open a new page
    doc
      .font(FONT.regular)
      .fontSize(6.5)
      .fillColor(COLOR.muted)
      .text(
        `${text} · Página ${i - start + 1} de ${count}`,
        MARGIN,
        doc.page.height - bottom + 12,
        {
          width: contentWidth(doc),
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
}

export function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Starts a new page when fewer than `height` points are left above the bottom margin. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.font(FONT.regular).fontSize(8).fillColor(COLOR.text);
  }
}

/** A band with a bold title across the given width; leaves doc.y under it. */
export function sectionTitle(doc: Pdf, title: string, x: number, width: number): void {
  const y = doc.y;
  doc.rect(x, y, width, 13).fill(COLOR.band);
  doc
    .fillColor(COLOR.accent)
    .font(FONT.bold)
    .fontSize(8)
    .text(title.toUpperCase(), x + 4, y + 3, { width: width - 8, lineBreak: false });
  doc.fillColor(COLOR.text).font(FONT.regular);
  doc.y = y + 16;
}

/** "Label: value" with a bold label, wrapping within width; leaves doc.y under it. */
export function labelled(doc: Pdf, label: string, value: string, x: number, width: number): void {
  doc
    .fontSize(8)
    .font(FONT.bold)
    .fillColor(COLOR.text)
    .text(`${label}: `, x, doc.y, { width, continued: true })
    .font(FONT.regular)
    .text(value);
  doc.moveDown(0.15);
}

/** Small print for long codes (seals, cadenas): breaks anywhere, as base64 has no spaces. */
export function smallPrint(doc: Pdf, title: string, text: string, x: number, width: number): void {
  doc.font(FONT.bold).fontSize(6.5).fillColor(COLOR.text).text(title, x, doc.y, { width });
  doc
    .font(FONT.regular)
    .fontSize(6)
    .fillColor(COLOR.muted)
    .text(text, x, doc.y, { width, lineBreak: true });
  doc.fillColor(COLOR.text).moveDown(0.4);
}

export interface TableColumn {
  title: string;
  /** Points; 0 takes what the other columns leave. */
  width: number;
  align?: 'left' | 'right';
}

/** Rows of text under a bold header row, across the content width; a page breaks between rows. */
export function textTable(doc: Pdf, columns: readonly TableColumn[], rows: string[][]): void {
  const fixed = columns.reduce((s, c) => s + c.width, 0);
  let x = MARGIN;
  const placed = columns.map((c) => {
    const column = { ...c, x, width: c.width || contentWidth(doc) - fixed };
    x += column.width;
    return column;
  });
  const row = (cells: string[], bold: boolean) => {
    ensureSpace(doc, 14);
    const y = doc.y;
    doc
      .font(bold ? FONT.bold : FONT.regular)
      .fontSize(8)
      .fillColor(COLOR.text);
    let bottom = y;
    cells.forEach((text, i) => {
      const column = placed[i]!;
      doc.text(text, column.x, y, { width: column.width - 4, align: column.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 3;
  };
  row(
    placed.map((c) => c.title),
    true,
  );
  for (const cells of rows) row(cells, false);
}
