import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { createWorkbook } from '@cuota/documents/workbook';
import type { ImportFormat } from '@cuota/contracts/enrolment/student-import';

/** A sheet as text: the header row and every data row (cells as trimmed strings). */
export interface Sheet {
  headers: string[];
  /** `number` is the row's number in the file (1 is the header), for the error report. */
  rows: { number: number; cells: string[] }[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The file's bytes decide its kind: an xlsx is a zip (PK\3\4); a csv is text without NUL
 * bytes whose name ends in .csv. Anything else (a PDF renamed .xlsx, a binary .csv) is null.
 */
export function sniffSpreadsheet(bytes: Buffer, fileName: string): ImportFormat | null {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  const head = bytes.subarray(0, 8192);
  if (/\.csv$/i.test(fileName) && !head.includes(0)) return 'csv';
  return null;
}

export async function readSheet(bytes: Buffer, format: ImportFormat): Promise<Sheet> {
  const workbook = await createWorkbook();
  const worksheet =
    format === 'xlsx'
      ? (await workbook.xlsx.load(bytes as unknown as ArrayBuffer)).worksheets[0]
      : await workbook.csv.read(Readable.from([stripBom(bytes)]), {
          // Cells stay text: "0012" is a matrícula, not the number 12.
          map: (value: unknown) => value,
          parserOptions: { delimiter: delimiterOf(bytes) },
        });
  if (!worksheet) return { headers: [], rows: [] };
  const all: { number: number; cells: string[] }[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    all.push({ number: row.number, cells: values.slice(1).map(cellText) });
  });
  const [header, ...rows] = all;
  return {
    headers: header?.cells ?? [],
    rows: rows.filter((r) => r.cells.some((cell) => cell !== '')),
  };
}

/** Spreadsheets saved in Spanish locales often use ";" between cells. */
function delimiterOf(bytes: Buffer): string {
  const firstLine = stripBom(bytes).toString('utf8', 0, 2048).split(/\r?\n/)[0] ?? '';
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

const stripBom = (bytes: Buffer) =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;

/** Whatever Excel stored (text, number, date, link, rich text, formula) as the text shown. */
export function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}

/** Writes rows under a bold header, as xlsx or csv (UTF-8 with BOM so Excel reads accents). */
export async function writeSheet(
  name: string,
  headers: string[],
  rows: (string | number | null)[][],
  format: ImportFormat,
): Promise<Buffer> {
  const workbook = await createWorkbook();
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((v) => v ?? ''));
  sheet.columns.forEach((column) => (column.width = 22));
  if (format === 'xlsx') return Buffer.from(await workbook.xlsx.writeBuffer());
  const csv = Buffer.from(await workbook.csv.writeBuffer());
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv]);
}

export const CONTENT_TYPES: Record<ImportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};
