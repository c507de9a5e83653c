import type { GuestFiscal, StoreSale } from '@cuota/contracts/payments/store-checkout';
import type { Executor } from '@cuota/messaging/transaction';
import type { ReceptorInput } from '../cfdi/invoice-input';
import type { PaymentFacts } from './invoice-request-rules';
import { recordInvoiceRequests } from './record-invoice-requests';
import { storeSaleLines } from './store-sale-lines';

/**
 * A paid store sale becomes one income invoice of its lines, each with its item's IVA
 * (ADR 0083). A family's is made out like any payment's: to the student's billing guardian
 * when their fiscal data is valid, else to público en general as the school chose (per
 * payment or in its global invoice). A guest's names no student (ADR 0092): made out to the
 * fiscal data they gave at checkout, else to público en general the same way.
 * Recorded once: the inbox drops a redelivery and the invoice is keyed by its source.
 */
export async function invoiceStoreSale(
  tx: Executor,
  source: PaymentFacts,
  sale: StoreSale,
): Promise<number> {
  const lines = storeSaleLines(sale);
  return recordInvoiceRequests(tx, [
    {
      ...source,
      studentId: sale.student_id ?? '',
      guestReceptor: sale.student_id ? null : guestReceptorOf(sale.fiscal),
      guestEmail: sale.student_id ? null : sale.buyer_email,
      part: 'other',
      lines,
      orderIds: [sale.order_id],
      totalCentavos: lines.reduce((sum, l) => sum + l.base_centavos, 0),
    },
  ]);
}

const guestReceptorOf = (fiscal: GuestFiscal | null | undefined): ReceptorInput | null =>
  fiscal
    ? {
        rfc: fiscal.tax_id,
        name: fiscal.billing_name,
        postalCode: fiscal.tax_zip_code,
        regimenFiscal: fiscal.tax_regime,
        usoCfdi: fiscal.cfdi_use,
      }
    : null;
