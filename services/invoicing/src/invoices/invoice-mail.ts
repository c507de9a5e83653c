/** An invoice as the e-mail that delivers it: Spanish text, its XML and its PDF attached. */
import { formatPesos } from '@cuota/documents/money-format';
import { escapeHtml, type Mailer, type OutgoingMail } from '@cuota/service-runtime/mail/mailer';
import { renderCfdiPdf } from '../cfdi/cfdi-pdf';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import { parseCentavos } from '../cfdi/cfdi-amounts';
import type { Comprobante } from '../cfdi/comprobante';
import type { InvoiceDocument } from '../schema';
import type { InvoiceRow } from './invoice-repository';
import { invoiceFileName } from './invoice-view';

const DOCUMENT_NAMES: Record<InvoiceDocument, string> = {
  invoice: 'factura',
  credit_note: 'nota de crédito',
  payment: 'complemento de pago',
  global: 'factura global',
};

/**
 * What the e-mail says the document is for: a CFDI de pago, which installment of its PPD
 * invoice it records — or, when it pays several (ADR 0037), the whole payment and how many.
 */
function amountOf(row: InvoiceRow, comprobante: Comprobante): string {
  if (row.document !== 'payment') return formatPesos(row.totalCentavos);
  const doctos = comprobante.Pagos?.Pago.flatMap((p) => p.DoctoRelacionado) ?? [];
  if (doctos.length > 1)
    return `${formatPesos(parseCentavos(comprobante.Pagos!.Totales.MontoTotalPagos))} (paga ${doctos.length} facturas)`;
  const installment = row.installment ? ` (parcialidad ${row.installment})` : '';
  return `${formatPesos(row.totalCentavos)}${installment}`;
}

export function invoiceMail(
  row: InvoiceRow & { stampedXml: string },
  pdf: Buffer,
  to: string,
): OutgoingMail {
  const { comprobante, timbre } = parseStampedCfdi(row.stampedXml);
  const what = DOCUMENT_NAMES[row.document];
  const folio = row.series && row.folio ? ` ${row.series}-${row.folio}` : '';
  const lines = [
    `Hola, ${comprobante.Receptor.Nombre}:`,
    `Te enviamos tu ${what}${folio} de ${comprobante.Emisor.Nombre} por ${amountOf(row, comprobante)}.`,
    `Folio fiscal (UUID): ${timbre.UUID}.`,
    'Adjuntamos el XML (el CFDI) y su representación impresa en PDF.',
  ];
  return {
    to,
    subject: `Tu ${what}${folio} de ${comprobante.Emisor.Nombre}`,
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
    attachments: [
      {
        filename: invoiceFileName(row, 'xml'),
        content: Buffer.from(row.stampedXml, 'utf8'),
        contentType: 'application/xml',
      },
      { filename: invoiceFileName(row, 'pdf'), content: pdf, contentType: 'application/pdf' },
    ],
  };
}

/** Sends a stamped invoice or credit note to `to`, its PDF rendered from the stamped XML. */
export async function mailStampedInvoice(
  mailer: Mailer,
  row: InvoiceRow & { stampedXml: string },
  to: string,
): Promise<void> {
  await mailer.send(invoiceMail(row, await renderCfdiPdf(row.stampedXml), to));
}
