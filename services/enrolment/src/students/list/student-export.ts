import type { Response } from 'express';
import type ExcelJS from 'exceljs';
import { loadExcel } from '@cuota/documents/workbook';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import type { StudentsByLevelQuery } from '@cuota/contracts/enrolment/student-list';
import { STUDENT_STATUS_LABELS } from '@cuota/contracts/enrolment/student-status';
import type { Executor } from '@cuota/messaging/transaction';
import { selectStudentRows } from './student-list-repository';

/** Rows fetched per query: memory stays flat however large the school. */
const BATCH = 2000;

const COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Apellidos', key: 'last_name', width: 28 },
  { header: 'Nombre', key: 'first_name', width: 24 },
  { header: 'Matrícula', key: 'enrolment_code', width: 14 },
  { header: 'CURP', key: 'curp', width: 22 },
  { header: 'Sexo', key: 'gender', width: 8 },
  { header: 'Nivel', key: 'level', width: 14 },
  { header: 'Grupo', key: 'section', width: 12 },
  { header: 'Estatus', key: 'status', width: 16 },
  { header: 'Tutor de facturación', key: 'billing', width: 12 },
];

/**
 * Streams the filtered list as .xlsx (exceljs' streaming writer): the first bytes leave
 * before the last rows are read, and no workbook is held in memory.
 */
export async function streamStudentWorkbook(
  db: Executor,
  res: Response,
  schoolId: string,
  query: Omit<StudentsByLevelQuery, 'page' | 'page_size'>,
): Promise<void> {
  const date = new Date().toISOString().slice(0, 10);
  res.set({
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="alumnos-${date}.xlsx"`,
    'cache-control': 'no-store',
  });
  const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: res,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Alumnos');
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  for (let offset = 0; ; offset += BATCH) {
    const rows = await selectStudentRows(db, schoolId, query, BATCH, offset);
    for (const s of rows)
      sheet
        .addRow({
          ...s,
          gender: s.gender ?? '',
          level: EDUCATION_LEVEL_LABELS[s.level],
          section: s.section?.name ?? '',
          status: STUDENT_STATUS_LABELS[s.status],
          billing: s.billing_guardian_id ? 'Sí' : 'No',
        })
        .commit();
    if (rows.length < BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
}
