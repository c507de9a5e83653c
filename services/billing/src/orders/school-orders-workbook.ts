import { createWorkbook } from '@cuota/documents/workbook';
import { ORDER_PAYMENT_STATUS_LABELS } from '@cuota/contracts/billing/inscription-payments';
import type { Order } from '@cuota/contracts/billing/orders';
import { MONEY_FORMAT, pesos } from '../reports/workbook';

const money = (header: string, key: string) => ({
  header,
  key,
  width: 14,
  style: { numFmt: MONEY_FORMAT },
});

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
      status: o.canceled_at ? 'Cancelado' : ORDER_PAYMENT_STATUS_LABELS[o.status],
    });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
