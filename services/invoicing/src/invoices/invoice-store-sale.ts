import type { StoreSale } from '@cuota/contracts/payments/store-checkout';
import type { Executor } from '@cuota/messaging/transaction';
import type { PaymentFacts } from './invoice-request-rules';
import { recordInvoiceRequests } from './record-invoice-requests';
import { storeSaleLines } from './store-sale-lines';

/**
 * A paid store sale becomes one income invoice of its lines, each with its item's IVA
 * (ADR 0083), made out like any payment's: to the student's billing guardian when their
 * fiscal data is valid, else to público en general as the school chose (per payment or in
 * its global invoice). A guest's sale names no student of the school: no CFDI here.
 * Recorded once: the inbox drops a redelivery and the invoice is keyed by its source.
 */
export async function invoiceStoreSale(
  tx: Executor,
  source: PaymentFacts,
  sale: StoreSale,
): Promise<number> {
  if (!sale.student_id) return 0;
  const lines = storeSaleLines(sale);
  return recordInvoiceRequests(tx, [
    {
      ...source,
      studentId: sale.student_id,
      part: 'other',
      lines,
      orderIds: [sale.order_id],
      totalCentavos: lines.reduce((sum, l) => sum + l.base_centavos, 0),
    },
  ]);
}
