/** The month close as the accountant downloads it: one workbook sheet, or a letter-size PDF. */
import { formatPeriod } from '@cuota/documents/date-format';
import { formatPesos } from '@cuota/documents/money-format';
import {
  COLOR,
  FONT,
  MARGIN,
  contentWidth,
  createPdf,
  footerOnEveryPage,
  pdfBytes,
  sectionTitle,
  textTable,
} from '@cuota/documents/pdf-kit';
import { createWorkbook } from '@cuota/documents/workbook';
import type { MonthClose } from '@cuota/contracts/billing/month-close-report';
import { closeSections, type Cell } from './month-close-report-sections';
import { MONEY_FORMAT, pesos } from './workbook';

const titleOf = (r: MonthClose) => `Cierre de ${formatPeriod(r.month)}`;
const subtitleOf = (r: MonthClose) =>
  `Del ${r.from} al ${r.to}. Adeudo al ${r.as_of}. Importes en pesos mexicanos.`;

export const monthCloseFilename = (r: MonthClose, extension: 'xlsx' | 'pdf') =>
  `cierre-${r.month}.${extension}`;

/** Money as numbers in pesos (Excel sums them), one table under another. */
export async function monthCloseWorkbook(report: MonthClose): Promise<Buffer> {
  const workbook = await createWorkbook();
  const sheet = workbook.addWorksheet('Cierre de mes');
  sheet.addRow([titleOf(report)]).font = { bold: true, size: 14 };
  sheet.addRow([subtitleOf(report)]);
  const moneyColumns = new Set<number>();
  for (const section of closeSections(report)) {
    sheet.addRow([]);
    sheet.addRow([section.title]).font = { bold: true, size: 12 };
    sheet.addRow(section.columns).font = { bold: true };
    section.rows.forEach((cells, i) => {
      const row = sheet.addRow(cells.map((c) => (typeof c === 'object' ? pesos(c.centavos) : c)));
      cells.forEach((c, col) => {
        if (typeof c !== 'object') return;
        row.getCell(col + 1).numFmt = MONEY_FORMAT;
        moneyColumns.add(col + 1);
      });
      if (section.totalled && i === section.rows.length - 1) row.font = { bold: true };
    });
  }
  sheet.getColumn(1).width = 34;
  for (let col = 2; col <= 8; col++) sheet.getColumn(col).width = moneyColumns.has(col) ? 18 : 14;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const text = (c: Cell) =>
  typeof c === 'object'
    ? formatPesos(c.centavos)
    : typeof c === 'number'
      ? c.toLocaleString('es-MX')
      : c;

/** The same tables on letter paper; the first column takes what the others leave. */
export async function monthClosePdf(report: MonthClose): Promise<Buffer> {
  const doc = await createPdf({ title: titleOf(report), author: 'Cuota' });
  const width = contentWidth(doc);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(COLOR.accent)
    .text(titleOf(report).toUpperCase(), MARGIN, MARGIN);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(subtitleOf(report), MARGIN, doc.y, { width });
  doc.fillColor(COLOR.text).moveDown(0.8);
  for (const section of closeSections(report)) {
    sectionTitle(doc, section.title, MARGIN, width);
    const others = section.columns.length - 1;
    const each = Math.min(80, Math.floor((width * 0.72) / Math.max(others, 1)));
    textTable(
      doc,
      section.columns.map((title, i) =>
        i === 0 ? { title, width: 0 } : { title, width: each, align: 'right' as const },
      ),
      section.rows.map((cells) => cells.map(text)),
    );
    doc.moveDown(0.8);
  }
  footerOnEveryPage(doc, `${titleOf(report)} · Cuota`);
  return pdfBytes(doc);
}
