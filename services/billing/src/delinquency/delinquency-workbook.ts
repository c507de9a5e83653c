import { createWorkbook } from '@cuota/documents/workbook';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  type Delinquency,
} from '@cuota/contracts/billing/delinquency';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { MONEY_FORMAT, pesos } from '../reports/workbook';

type Row = Delinquency['rows'][number];

/**
 * Morosidad as a spreadsheet: one row per level and group as the screen lists them, then the
 * school's totals; amounts in pesos with late fees as of the report's date. Billing keeps no
 * copy of enrolment's sections, so a group is written by its key, not its name.
 */
export async function delinquencyWorkbook(report: Delinquency): Promise<Buffer> {
  const workbook = await createWorkbook();
  const sheet = workbook.addWorksheet('Morosidad');
  sheet.columns = [
    { header: 'Nivel', key: 'level', width: 16 },
    { header: 'Grupo (clave)', key: 'section', width: 38 },
    { header: 'Alumnos', key: 'students', width: 10 },
    ...AGING_BUCKETS.map((bucket) => ({
      header: AGING_BUCKET_LABELS[bucket],
      key: bucket,
      width: 16,
      style: { numFmt: MONEY_FORMAT },
    })),
    { header: 'Total vencido', key: 'total', width: 16, style: { numFmt: MONEY_FORMAT } },
  ];
  const amounts = (r: Pick<Row, (typeof AGING_BUCKETS)[number] | 'total' | 'students'>) => ({
    students: r.students,
    total: pesos(r.total),
    ...Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, pesos(r[bucket])])),
  });
  for (const row of report.rows)
    sheet.addRow({
      level: row.level ? EDUCATION_LEVEL_LABELS[row.level] : 'Sin nivel',
      section: row.section_id ?? 'Sin grupo',
      ...amounts(row),
    });
  sheet.addRow({ level: 'Total', ...amounts(report.totals) }).font = { bold: true };
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
