import { amountInWords } from '@cuota/documents/amount-in-words';
import { formatMexicoDateTime, formatPeriod } from '@cuota/documents/date-format';
import { formatPesos } from '@cuota/documents/money-format';
import {
  COLOR,
  FONT,
  MARGIN,
  contentWidth,
  createPdf,
  footerOnEveryPage,
  labelled,
  pdfBytes,
  sectionTitle,
  textTable,
  type Pdf,
} from '@cuota/documents/pdf-kit';
import type { Payin } from '@cuota/contracts/payments/payins';
import type { StoreTax } from '@cuota/contracts/billing/store';
import { storeLineName, type StoreSaleLine } from '@cuota/contracts/payments/store-checkout';

export const RECEIPT_LEGEND =
  'Este recibo no es un comprobante fiscal. La factura (CFDI) del pago se emite por separado.';

const METHOD_LABELS: Record<Payin['method'], string> = {
  cash: 'Efectivo',
  transfer: 'Transferencia',
  credit_card: 'Tarjeta',
  debit_card: 'Tarjeta de débito',
  to_define: 'Por definir',
};

export interface ReceiptData {
  payin: Payin;
  schoolName: string;
  /** Student id → full name, for the lines and the credit. */
  students: Map<string, string>;
}

/** The receipt of a paid payin (desk or card): what was received and what it paid. */
export async function renderReceiptPdf({
  payin,
  schoolName,
  students,
}: ReceiptData): Promise<Buffer> {
  const folio = payin.receipt_number ?? payin.id;
  const doc = await createPdf({ title: `Recibo de pago ${folio}`, author: schoolName });
  const width = contentWidth(doc);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(COLOR.accent)
    .text(schoolName, MARGIN, MARGIN, { width });
  doc.font(FONT.bold).fontSize(11).text('RECIBO DE PAGO', { width });
  doc.moveDown(0.5);
  labelled(doc, 'Folio', folio, MARGIN, width);
  labelled(
    doc,
    'Fecha de pago',
    formatMexicoDateTime(new Date(payin.paid_at ?? payin.created_at)),
    MARGIN,
    width,
  );
  labelled(doc, 'Forma de pago', methodOf(payin), MARGIN, width);
  if (payin.recorded_by_name) labelled(doc, 'Atendió', payin.recorded_by_name, MARGIN, width);
  labelled(doc, 'Importe recibido', formatPesos(payin.amount_centavos), MARGIN, width);
  labelled(doc, 'Importe con letra', amountInWords(payin.amount_centavos), MARGIN, width);
  doc.moveDown(0.5);
  if (payin.store_lines?.length) storeLines(doc, payin.store_lines);
  else lines(doc, payin, students);
  const owedPaid = payin.refund_owed_paid_centavos ?? 0;
  if (owedPaid > 0) labelled(doc, 'Reembolso por recuperar', formatPesos(owedPaid), MARGIN, width);
  if (payin.credit_created_centavos > 0) {
    const who = payin.student_ids.map((id) => students.get(id) ?? id).join(', ');
    labelled(
      doc,
      'Saldo a favor',
      `${formatPesos(payin.credit_created_centavos)} (${who})`,
      MARGIN,
      width,
    );
  }
  doc.moveDown(1);
  doc
    .font(FONT.regular)
    .fontSize(7)
    .fillColor(COLOR.muted)
    .text(RECEIPT_LEGEND, MARGIN, doc.y, { width });
  footerOnEveryPage(doc, `${schoolName} · Recibo ${folio}`);
  return pdfBytes(doc);
}

function methodOf(payin: Payin): string {
  const label = METHOD_LABELS[payin.method];
  return payin.card ? `${label} ${payin.card.brand} terminación ${payin.card.last4}` : label;
}

const COLUMNS = [
  { title: 'Alumno', width: 150 },
  { title: 'Concepto', width: 0 },
  { title: 'Recargo', width: 70, align: 'right' },
  { title: 'Importe', width: 70, align: 'right' },
] as const;

function lines(doc: Pdf, payin: Payin, students: Map<string, string>): void {
  sectionTitle(doc, 'Aplicado a', MARGIN, contentWidth(doc));
  const rows = payin.allocations.map((a) => [
    students.get(a.student_id) ?? a.student_id,
    a.period ? `${a.concept_name} · ${formatPeriod(a.period)}` : a.concept_name,
    formatPesos(a.late_fee_centavos),
    formatPesos(a.base_centavos + a.late_fee_centavos),
  ]);
  textTable(
    doc,
    COLUMNS,
    rows.length ? rows : [['—', 'Sin cargos pendientes: todo quedó como saldo a favor', '', '']],
  );
  doc.moveDown(0.5);
}

const STORE_COLUMNS = [
  { title: 'Artículo', width: 0 },
  { title: 'Cantidad', width: 50, align: 'right' },
  { title: 'Precio unitario', width: 75, align: 'right' },
  { title: 'IVA incluido', width: 90, align: 'right' },
  { title: 'Importe', width: 70, align: 'right' },
] as const;

/** The IVA rate of each tax kind, in hundredths of a percent (16 % → 1600). */
const IVA_RATE: Record<StoreTax, number> = { IVA_16: 1600, IVA_0: 0, EXENTO: 0 };

/**
 * The IVA a line's price includes, as the receipt shows it: «16 % · $96.55», «0 %», «Exento».
 * Informative (the CFDI is the fiscal document): the base rounded to the centavo, the rest IVA.
 */
export function ivaIncluded(tax: StoreTax, totalCentavos: number): string {
  if (tax === 'EXENTO') return 'Exento';
  const rate = IVA_RATE[tax];
  const iva = totalCentavos - Math.round((totalCentavos * 10_000) / (10_000 + rate));
  return rate ? `${rate / 100} % · ${formatPesos(iva)}` : '0 %';
}

/** A store sale's receipt lists what it bought (ADR 0092): product, quantity, price, IVA. */
function storeLines(doc: Pdf, sale: readonly StoreSaleLine[]): void {
  sectionTitle(doc, 'Artículos de la tienda', MARGIN, contentWidth(doc));
  textTable(
    doc,
    STORE_COLUMNS,
    sale.map((line) => {
      const total = line.unit_price_centavos * line.quantity;
      return [
        storeLineName(line),
        String(line.quantity),
        formatPesos(line.unit_price_centavos),
        ivaIncluded(line.tax, total),
        formatPesos(total),
      ];
    }),
  );
  doc.moveDown(0.5);
}
