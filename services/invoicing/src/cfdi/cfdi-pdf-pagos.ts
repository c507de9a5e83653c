/**
 * A CFDI de pago's representación impresa also prints its Pagos 2.0 complement: each payment
 * (date, forma, amount) and, per PPD invoice it pays, the folio fiscal, serie and folio,
 * installment number, previous balance, amount paid and remaining balance.
 */
import { formatDecimalPesos } from '@cuota/documents/money-format';
import {
  MARGIN,
  contentWidth,
  ensureSpace,
  labelled,
  sectionTitle,
  type Pdf,
} from '@cuota/documents/pdf-kit';
import type { Pagos } from './comprobante.ts';
import { FORMAS_PAGO, describe } from './sat-catalogs.ts';

export function pagosSection(doc: Pdf, pagos: Pagos): void {
  const width = contentWidth(doc);
  ensureSpace(doc, 90);
  sectionTitle(doc, 'Complemento de pago (Pagos 2.0)', MARGIN, width);
  for (const pago of pagos.Pago) {
    labelled(doc, 'Fecha de pago', pago.FechaPago, MARGIN, width);
    labelled(doc, 'Forma de pago', describe(FORMAS_PAGO, pago.FormaDePagoP), MARGIN, width);
    labelled(doc, 'Monto', `${formatDecimalPesos(pago.Monto)} ${pago.MonedaP}`, MARGIN, width);
    for (const d of pago.DoctoRelacionado) {
      ensureSpace(doc, 40);
      const folio = [d.Serie, d.Folio].filter(Boolean).join('-');
      labelled(
        doc,
        'Factura pagada',
        `${d.IdDocumento}${folio ? ` (${folio})` : ''} · parcialidad ${d.NumParcialidad}`,
        MARGIN,
        width,
      );
      labelled(
        doc,
        'Saldo anterior · pagado · saldo insoluto',
        [d.ImpSaldoAnt, d.ImpPagado, d.ImpSaldoInsoluto].map(formatDecimalPesos).join(' · '),
        MARGIN,
        width,
      );
    }
  }
  doc.moveDown(0.5);
}
