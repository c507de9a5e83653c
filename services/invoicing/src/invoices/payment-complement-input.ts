import { parseCentavos } from '../cfdi/cfdi-amounts';
import type { PaidDocument, PaymentComplementInput } from '../cfdi/build-payment-comprobante';
import type { StampedComprobante } from '../cfdi/comprobante';
import type { InvoiceRow } from './invoice-repository';

/** One recorded DoctoRelacionado and the PPD invoice it pays, as stamped. */
export interface PaidComplement {
  complement: InvoiceRow;
  ppd: StampedComprobante;
}

/**
 * The engine's input for a recorded CFDI de pago: the payment as recorded (installment and
 * balance decided then), each PPD invoice as stamped (UUID, series, folio, total, taxes), so
 * what the complement says matches the CFDI it pays. The first is the carrier: its PPD
 * invoice's receptor is the complement's (the others share it: invoice-payment.ts).
 */
export function paymentComplementInput(
  paid: readonly [PaidComplement, ...PaidComplement[]],
  document: Pick<
    PaymentComplementInput,
    'issuer' | 'issuedAt' | 'series' | 'folio' | 'substitutes'
  >,
): PaymentComplementInput {
  const [carrier] = paid;
  return {
    ...document,
    receptor: carrier.ppd.comprobante.Receptor,
    // A CFDI de pago is recorded only for money received (invoices_method_known).
    payment: { method: carrier.complement.method!, paidAt: carrier.complement.paidAt },
    documents: paid.map(paidDocument),
  };
}

function paidDocument({ complement, ppd }: PaidComplement): PaidDocument {
  const { comprobante, timbre } = ppd;
  return {
    uuid: timbre.UUID,
    ...(comprobante.Serie ? { series: comprobante.Serie } : {}),
    ...(comprobante.Folio ? { folio: comprobante.Folio } : {}),
    totalCentavos: parseCentavos(comprobante.Total),
    traslados: comprobante.Impuestos?.Traslados ?? [],
    installment: complement.installment!,
    balanceBeforeCentavos: complement.balanceBeforeCentavos!,
    paidCentavos: complement.totalCentavos,
  };
}
