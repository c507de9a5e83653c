/**
 * One order's statement, as the PDF and XML downloads print it: every amount is the order's
 * quote as of `as_of` (late fee included), the same numbers Cargos and Adeudos show.
 */
import { formatMexicoDate, formatMexicoDateTime, formatPeriod } from '@cuota/documents/date-format';
import { formatPesos } from '@cuota/documents/money-format';
import {
  MARGIN,
  COLOR,
  FONT,
  contentWidth,
  createPdf,
  footerOnEveryPage,
  labelled,
  pdfBytes,
  sectionTitle,
  textTable,
} from '@cuota/documents/pdf-kit';
import type { StaffOrderDetail } from '@cuota/contracts/billing/corrections';
import { ORDER_PAYMENT_STATUS_LABELS } from '@cuota/contracts/billing/inscription-payments';

const statusOf = (o: StaffOrderDetail) =>
  o.canceled_at ? 'Cancelado' : ORDER_PAYMENT_STATUS_LABELS[o.status];

const amountLines = (o: StaffOrderDetail): [string, number][] => [
  ['Importe', o.amount_centavos],
  ['Beca', -o.scholarship_centavos],
  ['Descuento', -o.discount_centavos],
  ['Cargo adicional', o.surcharge_centavos],
  ['Recargo por pago tardío', o.late_fee_centavos],
  ['Descuento por pronto pago', -o.early_payment_discount_centavos],
  ['Total', o.final_amount],
  ['Pagado', o.paid_centavos],
  ['Saldo', o.pending_amount],
];

const periodOf = (o: StaffOrderDetail) => (o.period ? formatPeriod(o.period) : 'Sin periodo');
const day = (isoDate: string) => formatMexicoDate(new Date(`${isoDate}T18:00:00Z`));

export async function orderStatementPdf(o: StaffOrderDetail): Promise<Buffer> {
  const doc = await createPdf({ title: `Estado del cargo ${o.id}`, author: 'Cuota' });
  const width = contentWidth(doc);
  doc.font(FONT.bold).fontSize(12).fillColor(COLOR.accent).text('ESTADO DEL CARGO', MARGIN, MARGIN);
  doc.moveDown(0.5);
  labelled(doc, 'Alumno', o.student.name, MARGIN, width);
  labelled(doc, 'Concepto', `${o.concept_name} · ${periodOf(o)}`, MARGIN, width);
  labelled(doc, 'Vencimiento', day(o.due_on), MARGIN, width);
  labelled(doc, 'Estatus', statusOf(o), MARGIN, width);
  labelled(doc, 'Saldo al', day(o.as_of), MARGIN, width);
  doc.moveDown(0.5);
  sectionTitle(doc, 'Importes', MARGIN, width);
  textTable(
    doc,
    [
      { title: 'Concepto', width: 0 },
      { title: 'Importe', width: 90, align: 'right' },
    ],
    amountLines(o).map(([label, centavos]) => [label, formatPesos(centavos)]),
  );
  doc.moveDown(0.5);
  sectionTitle(doc, 'Pagos aplicados', MARGIN, width);
  textTable(
    doc,
    [
      { title: 'Fecha', width: 0 },
      { title: 'Base', width: 90, align: 'right' },
      { title: 'Recargo', width: 90, align: 'right' },
    ],
    o.allocations.length
      ? o.allocations.map((a) => [
          formatMexicoDateTime(new Date(a.applied_at)),
          formatPesos(a.base_centavos),
          formatPesos(a.late_fee_centavos),
        ])
      : [['Sin pagos', '', '']],
  );
  if (o.adjustments.length) {
    doc.moveDown(0.5);
    sectionTitle(doc, 'Correcciones', MARGIN, width);
    textTable(
      doc,
      [
        { title: 'Fecha', width: 150 },
        { title: 'Motivo', width: 0 },
      ],
      o.adjustments.map((a) => [formatMexicoDateTime(new Date(a.adjusted_at)), a.reason]),
    );
  }
  footerOnEveryPage(doc, `Cargo ${o.id}`);
  return pdfBytes(doc);
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const attributes = (values: Record<string, string | number | null>) =>
  Object.entries(values)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
/** Centavos as the decimal pesos XML readers expect («4850.00»). */
const decimal = (centavos: number) => (centavos / 100).toFixed(2);

/** The statement as XML (amounts in decimal pesos, dates ISO); not a CFDI. */
export function orderStatementXml(o: StaffOrderDetail): Buffer {
  const amounts = {
    importe: decimal(o.amount_centavos),
    beca: decimal(o.scholarship_centavos),
    descuento: decimal(o.discount_centavos),
    cargoAdicional: decimal(o.surcharge_centavos),
    recargo: decimal(o.late_fee_centavos),
    descuentoProntoPago: decimal(o.early_payment_discount_centavos),
    total: decimal(o.final_amount),
    pagado: decimal(o.paid_centavos),
    saldo: decimal(o.pending_amount),
  };
  const payments = o.allocations.map(
    (a) =>
      `    <pago${attributes({
        fecha: a.applied_at,
        base: decimal(a.base_centavos),
        recargo: decimal(a.late_fee_centavos),
      })}/>`,
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<cargo${attributes({
      id: o.id,
      escuela: o.school_id,
      alumno: o.student.id,
      nombreAlumno: o.student.name,
      concepto: o.concept_name,
      periodo: o.period,
      vencimiento: o.due_on,
      estatus: o.canceled_at ? 'CANCELED' : o.status,
      saldoAl: o.as_of,
    })}>`,
    `  <importes${attributes(amounts)}/>`,
    payments.length ? ['  <pagos>', ...payments, '  </pagos>'].join('\n') : '  <pagos/>',
    '</cargo>',
    '',
  ].join('\n');
  return Buffer.from(xml, 'utf8');
}
