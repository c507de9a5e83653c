import type { CashClosing, MethodTotals } from '@cuota/contracts/payments/cash-closing';
import { formatMexicoDateTime } from '@cuota/documents/date-format';
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

const METHOD_WORDS = { cash: 'Efectivo', transfer: 'Transferencia' } as const;

/** The corte de caja as a PDF: per cashier, each movement and the totals, then the day's. */
export async function renderCashClosingPdf(closing: CashClosing, schoolName: string) {
  const title = `Corte de caja del ${closing.date}`;
  const doc = await createPdf({ title, author: schoolName });
  const width = contentWidth(doc);
  doc
    .font(FONT.bold)
    .fontSize(14)
    .fillColor(COLOR.accent)
    .text(schoolName, MARGIN, MARGIN, { width });
  doc.font(FONT.bold).fontSize(11).text(title.toUpperCase(), { width });
  doc.moveDown(0.5);
  if (!closing.cashiers.length)
    doc.font(FONT.regular).fontSize(9).fillColor(COLOR.text).text('Nadie cobró en caja este día.');
  for (const cashier of closing.cashiers) {
    sectionTitle(doc, `Cajero: ${cashier.cashier_name}`, MARGIN, width);
    textTable(
      doc,
      [
        { title: 'Hora', width: 95 },
        { title: 'Folio', width: 60 },
        { title: 'Movimiento', width: 0 },
        { title: 'Forma', width: 70 },
        { title: 'Importe', width: 75, align: 'right' },
      ],
      cashier.movements.map((m) => [
        formatMexicoDateTime(new Date(m.at)),
        m.receipt_number ?? '—',
        m.description,
        METHOD_WORDS[m.method],
        formatPesos(m.amount_centavos),
      ]),
    );
    totals(doc, cashier.cash, cashier.transfer);
  }
  sectionTitle(doc, 'Total del día', MARGIN, width);
  totals(doc, closing.cash, closing.transfer);
  if (closing.ledger_cash_desk_centavos !== null)
    labelled(
      doc,
      'Caja en contabilidad',
      `${formatPesos(closing.ledger_cash_desk_centavos)} · ${closing.balanced ? 'cuadra' : 'NO CUADRA'}`,
      MARGIN,
      width,
    );
  doc.moveDown(2);
  labelled(doc, 'Entregó', '________________________', MARGIN, width);
  labelled(doc, 'Recibió', '________________________', MARGIN, width);
  footerOnEveryPage(doc, `${schoolName} · ${title}`);
  return pdfBytes(doc);
}

function totals(doc: Pdf, cash: MethodTotals, transfer: MethodTotals): void {
  doc.moveDown(0.3);
  textTable(
    doc,
    [
      { title: 'Forma de pago', width: 0 },
      { title: 'Recibido', width: 80, align: 'right' },
      { title: 'Anulado', width: 80, align: 'right' },
      { title: 'Devuelto', width: 80, align: 'right' },
      { title: 'Neto', width: 80, align: 'right' },
    ],
    (['cash', 'transfer'] as const).map((method) => {
      const t = method === 'cash' ? cash : transfer;
      return [
        METHOD_WORDS[method],
        formatPesos(t.received_centavos),
        formatPesos(t.voided_centavos),
        formatPesos(t.refunded_centavos),
        formatPesos(t.net_centavos),
      ];
    }),
  );
  doc.moveDown(0.5);
}
