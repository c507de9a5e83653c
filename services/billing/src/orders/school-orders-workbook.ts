import { createWorkbook } from '@cuota/documents/workbook';
import { formatPeriod } from '@cuota/documents/date-format';
import { CONCEPT_TYPE_LABELS } from '@cuota/contracts/billing/concepts';
import { ORDER_PAYMENT_STATUS_LABELS } from '@cuota/contracts/billing/inscription-payments';
import type { Order } from '@cuota/contracts/billing/orders';
import { EDUCATION_LEVEL_LABELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import { MONEY_FORMAT, pesos } from '../reports/workbook';

const money = (header: string, key: string) => ({
  header,
  key,
  width: 14,
  style: { numFmt: MONEY_FORMAT },
});

const statusOf = (o: Order) =>
  o.canceled_at ? 'Cancelado' : ORDER_PAYMENT_STATUS_LABELS[o.status];

/** The school's orders as a spreadsheet: one row per order, amounts in pesos as of today. */
export async function schoolOrdersWorkbook(orders: Order[]): Promise<Buffer> {
  const workbook = await createWorkbook();
  const sheet = workbook.addWorksheet('Cargos');
  sheet.columns = [
    { header: 'Alumno', key: 'student', width: 28 },
    { header: 'Concepto', key: 'concept', width: 24 },
    { header: 'Periodo', key: 'period', width: 10 },
    { header: 'Vencimiento', key: 'due_on', width: 12 },
    money('Importe', 'amount'),
    money('Becas y descuentos', 'discounts'),
    money('Recargo', 'late_fee'),
    money('Pagado', 'paid'),
    money('Saldo', 'pending'),
    { header: 'Estatus', key: 'status', width: 16 },
  ];
  for (const o of orders)
    sheet.addRow({
      student: o.student.name,
      concept: o.concept_name,
      period: o.period ?? '',
      due_on: o.due_on,
      amount: pesos(o.amount_centavos),
      discounts: pesos(o.scholarship_centavos + o.discount_centavos),
      late_fee: pesos(o.late_fee_centavos),
      paid: pesos(o.paid_centavos),
      pending: pesos(o.pending_amount),
      status: statusOf(o),
    });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An order with its student's level and matrícula (null while enrolment has not said). */
export interface LeveledOrder {
  order: Order;
  level: EducationLevel | null;
  enrolmentCode: string | null;
}

/**
 * v2: the month in Spanish («septiembre de 2026»), the student's matrícula and level, and each
 * adjustment in its own column, so a school reconciles scholarships, discounts and late fees
 * separately.
 */
export async function schoolOrdersWorkbookV2(rows: LeveledOrder[]): Promise<Buffer> {
  const workbook = await createWorkbook();
  const sheet = workbook.addWorksheet('Cargos');
  sheet.columns = [
    { header: 'Alumno', key: 'student', width: 28 },
    { header: 'Matrícula', key: 'enrolment_code', width: 14 },
    { header: 'Nivel', key: 'level', width: 14 },
    { header: 'Concepto', key: 'concept', width: 24 },
    { header: 'Tipo', key: 'type', width: 16 },
    { header: 'Mes', key: 'period', width: 18 },
    { header: 'Vencimiento', key: 'due_on', width: 12 },
    money('Importe', 'amount'),
    money('Beca', 'scholarship'),
    money('Descuento', 'discount'),
    money('Cargo adicional', 'surcharge'),
    money('Recargo', 'late_fee'),
    money('Pronto pago', 'early'),
    money('Pagado', 'paid'),
    money('Saldo', 'pending'),
    { header: 'Estatus', key: 'status', width: 16 },
  ];
  for (const { order: o, level, enrolmentCode } of rows)
    sheet.addRow({
      student: o.student.name,
      enrolment_code: enrolmentCode ?? '',
      level: level ? EDUCATION_LEVEL_LABELS[level] : '',
      concept: o.concept_name,
      type: CONCEPT_TYPE_LABELS[o.concept_type],
      period: o.period ? formatPeriod(o.period) : '',
      due_on: o.due_on,
      amount: pesos(o.amount_centavos),
      scholarship: pesos(o.scholarship_centavos),
      discount: pesos(o.discount_centavos),
      surcharge: pesos(o.surcharge_centavos),
      late_fee: pesos(o.late_fee_centavos),
      early: pesos(o.early_payment_discount_centavos),
      paid: pesos(o.paid_centavos),
      pending: pesos(o.pending_amount),
      status: statusOf(o),
    });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
