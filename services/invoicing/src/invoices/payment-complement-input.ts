import { parseCentavos } from '../cfdi/cfdi-amounts';
import type { PaymentComplementInput } from '../cfdi/build-payment-comprobante';
import type { StampedComprobante } from '../cfdi/comprobante';
import type { InvoiceRow } from './invoice-repository';

/**
 * The engine's input for a recorded CFDI de pago: the payment as recorded (installment and
 * balance decided then), the PPD invoice as stamped (UUID, series, folio, total, taxes,
 * receptor), so what the complement says matches the CFDI it pays.
 */
export function paymentComplementInput(
  complement: InvoiceRow,
  ppd: StampedComprobante,
  document: Pick<
    PaymentComplementInput,
    'issuer' | 'issuedAt' | 'series' | 'folio' | 'substitutes'
  >,
): PaymentComplementInput {
  const { comprobante, timbre } = ppd;
  return {
    ...document,
    receptor: comprobante.Receptor,
    // A CFDI de pago is recorded only for money received (invoices_method_known).
    payment: { method: complement.method!, paidAt: complement.paidAt },
    documents: [
      {
        uuid: timbre.UUID,
        ...(comprobante.Serie ? { series: comprobante.Serie } : {}),
        ...(comprobante.Folio ? { folio: comprobante.Folio } : {}),
        totalCentavos: parseCentavos(comprobante.Total),
        traslados: comprobante.Impuestos?.Traslados ?? [],
        installment: complement.installment!,
        balanceBeforeCentavos: complement.balanceBeforeCentavos!,
        paidCentavos: complement.totalCentavos,
      },
    ],
  };
}
