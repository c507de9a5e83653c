import type { Allocation } from '@cuota/contracts/payments/payins';
import type { Executor } from '@cuota/messaging/transaction';
import { invoiceRequestsOf, type PaymentFacts } from './invoice-request-rules';
import {
  lockPpdInvoicesOfOrders,
  livePaymentsOnPpds,
  recordPaymentComplement,
} from './payment-complement-repository';
import { splitPpdPayments } from './payment-complement-rules';
import { nextInstallment } from './payment-installments';
import { recordInvoiceRequests } from './record-invoice-requests';
import type { InvoiceRow } from './invoice-repository';
import { creditedByInvoice } from '../credit-notes/credit-note-repository';

const NOTHING_PAID = { paid: [], lastNumber: 0 } as const;

/**
 * Money received (a payment or credit applied): what pays orders invoiced at billing (PPD)
 * becomes one CFDI de pago per receptor, with one DoctoRelacionado per PPD invoice and its next
 * installment number and balance; everything else is invoiced now (PUE), as before. A PPD
 * invoice's credit notes (an order lowered after billing) are no longer owed, so the balance
 * starts net of them (ADR 0037). Returns how many documents are new.
 */
export async function invoicePayment(
  tx: Executor,
  source: PaymentFacts,
  allocations: readonly Allocation[],
): Promise<number> {
  const orderIds = [...new Set(allocations.map((a) => a.order_id))];
  const ppdRows = await lockPpdInvoicesOfOrders(tx, source.schoolId, orderIds);
  const { ppdPayments, rest } = splitPpdPayments(allocations, ppdRows);
  let recorded = await recordInvoiceRequests(tx, invoiceRequestsOf(source, rest));
  const ppdIds = ppdPayments.map((p) => p.ppd.id);
  const credited = await creditedByInvoice(tx, ppdIds);
  const live = await livePaymentsOnPpds(tx, ppdIds);
  // The first PPD invoice (in lock order) of each receptor carries the others' documents.
  const carriers = new Map<string, string>();
  for (const payment of ppdPayments) {
    const ppd = ppdRows.find((row) => row.id === payment.ppd.id)!;
    const { paid, lastNumber } = live.get(ppd.id) ?? NOTHING_PAID;
    const owed = ppd.totalCentavos - (credited.get(ppd.id) ?? 0);
    const next = nextInstallment(owed, paid, payment.paidCentavos, lastNumber);
    if (!next) continue;
    const receptor = sharedCfdiKey(ppd);
    const carrier = (receptor && carriers.get(receptor)) || null;
    const id = await recordPaymentComplement(tx, source, ppd, payment, next, carrier);
    // Recorded before (a redelivery): it was grouped then, nothing is new now.
    if (!id) continue;
    recorded += carrier ? 0 : 1;
    if (!carrier && receptor) carriers.set(receptor, id);
  }
  return recorded;
}

/**
 * Which PPD invoices one CFDI de pago may pay: stamped by the same emisor (its CSD seals the
 * complement) to the same receptor. One not stamped yet has no emisor or receptor for sure:
 * its complement stands alone, as before.
 */
function sharedCfdiKey(ppd: InvoiceRow): string | null {
  if (ppd.status !== 'success' || !ppd.fiscalEntityId) return null;
  return [ppd.fiscalEntityId, ppd.receptorRfc, ppd.receptorName, ppd.billingGuardianId].join('|');
}
