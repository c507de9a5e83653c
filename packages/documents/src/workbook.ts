/**
 * Spreadsheets (exceljs), loaded on a service's first workbook: exceljs holds ~37 MB once
 * loaded, which every service paid at start for an export most processes never make.
 */
import type ExcelJS from 'exceljs';

let exceljs: Promise<typeof ExcelJS> | undefined;

export function loadExcel(): Promise<typeof ExcelJS> {
  return (exceljs ??= import('exceljs').then((m) => m.default));
}

export async function createWorkbook(): Promise<ExcelJS.Workbook> {
  return new (await loadExcel()).Workbook();
}
