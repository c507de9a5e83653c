import { createWorkbook } from '@cuota/documents/workbook';
import { DUE_STATUS_LABELS, type DueOrderStudent } from '@cuota/contracts/billing/orders';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { MONEY_FORMAT, pesos } from '../reports/workbook';

/** The due-orders report as a spreadsheet: one row per student, amounts in pesos as of today. */
export async function dueOrdersWorkbook(students: DueOrderStudent[]): Promise<Buffer> {
  const workbook = await createWorkbook();
  const sheet = workbook.addWorksheet('Adeudos');
  sheet.columns = [
    { header: 'Apellidos', key: 'last_name', width: 24 },
    { header: 'Nombre', key: 'first_name', width: 20 },
    { header: 'Matrícula', key: 'enrolment_code', width: 14 },
    { header: 'Nivel', key: 'level', width: 14 },
    { header: 'Órdenes abiertas', key: 'open_orders', width: 16 },
    { header: 'Saldo pendiente', key: 'pending', width: 16, style: { numFmt: MONEY_FORMAT } },
    { header: 'Recargos', key: 'late_fee', width: 12, style: { numFmt: MONEY_FORMAT } },
    { header: 'Vencido', key: 'overdue', width: 16, style: { numFmt: MONEY_FORMAT } },
    { header: 'Vencimiento más antiguo', key: 'oldest_due_on', width: 22 },
    { header: 'Estatus', key: 'status', width: 20 },
  ];
  for (const s of students)
    sheet.addRow({
      last_name: s.last_name,
      first_name: s.first_name,
      enrolment_code: s.enrolment_code ?? '',
      level: EDUCATION_LEVEL_LABELS[s.level],
      open_orders: s.open_orders,
      pending: pesos(s.pending_centavos),
      late_fee: pesos(s.late_fee_centavos),
      overdue: pesos(s.overdue_centavos),
      oldest_due_on: s.oldest_due_on ?? '',
      status: DUE_STATUS_LABELS[s.due_status],
    });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
