import type { Executor } from '@cuota/messaging/transaction';
import { invoiceParties } from './invoice-parties';
import { recordInvoices, type NewInvoice } from './invoice-repository';
import type { InvoiceRequest } from './invoice-request-rules';

/**
 * Records invoices to issue (one per request) in the consumer's transaction, each with its
 * receptor as today's data resolves it; the stamping worker resolves it again when it builds.
 */
export async function recordInvoiceRequests(
  tx: Executor,
  requests: InvoiceRequest[],
): Promise<number> {
  const invoices: NewInvoice[] = [];
  for (const request of requests) {
    const parties = await invoiceParties(tx, request);
    invoices.push({
      ...request,
      billingGuardianId: parties.receptorGuardianId,
      receptorRfc: parties.receptorRfc,
      receptorName: parties.receptorName,
      receptorNote: parties.receptorNote,
    });
  }
  return recordInvoices(tx, invoices);
}
