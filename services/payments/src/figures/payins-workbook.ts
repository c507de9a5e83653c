import { createWorkbook } from '@cuota/documents/workbook';
import {
  PAYIN_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  type Payin,
  type RequestStatus,
} from '@cuota/contracts/payments/payins';
import { formatMexicoDateTime } from '@cuota/documents/date-format';

// As the dashboard's status badges say them.
const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pendiente',
  failed: 'Falló',
  success: 'Exitoso',
  canceled: 'Cancelado',
  canceling: 'Cancelando',
  not_requested: 'No solicitado',
  multiple: 'Varios',
};
const MONEY = '"$"#,##0.00';

/** Pagos' filtered list as a spreadsheet: one row per payin, amounts in pesos, then the total. */
export async function payinsWorkbook(payins: Payin[]): Promise<Buffer> {
  const workbook = await createWorkbook();
  const sheet = workbook.addWorksheet('Pagos');
  sheet.columns = [
    { header: 'Fecha', key: 'date', width: 28 },
    { header: 'Recibo', key: 'receipt', width: 12 },
    { header: 'Alumnos', key: 'students', width: 36 },
    { header: 'Tipo', key: 'type', width: 22 },
    { header: 'Método', key: 'method', width: 18 },
    { header: 'Estatus', key: 'status', width: 12 },
    { header: 'Registró', key: 'cashier', width: 22 },
    { header: 'Monto', key: 'amount', width: 14, style: { numFmt: MONEY } },
    { header: 'Devuelto', key: 'returned', width: 14, style: { numFmt: MONEY } },
  ];
  for (const p of payins)
    sheet.addRow({
      date: formatMexicoDateTime(new Date(p.paid_at ?? p.created_at)),
      receipt: p.receipt_number ?? '',
      students: p.student_names.join(', '),
      type: PAYIN_TYPE_LABELS[p.type],
      method: PAYMENT_METHOD_LABELS[p.method],
      status: STATUS_LABELS[p.status],
      cashier: p.recorded_by_name ?? '',
      amount: p.amount_centavos / 100,
      returned: (p.returned_centavos ?? 0) / 100,
    });
  const total = sheet.addRow({
    date: `Total (${payins.length} pagos)`,
    amount: payins.reduce((s, p) => s + p.amount_centavos, 0) / 100,
    returned: payins.reduce((s, p) => s + (p.returned_centavos ?? 0), 0) / 100,
  });
  total.font = { bold: true };
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
