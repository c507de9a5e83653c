import { cancelInvoice as endpoint } from '@cuota/contracts/invoicing/endpoints/invoices';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { InvoicingDb } from '../invoicing-db';
import { invoiceView } from '../invoices/invoice-view';
import { cancelInvoice } from './cancel-invoice';

export function cancellationHandlers(db: InvoicingDb) {
  return [
    implement(endpoint, async ({ body, caller }) => {
      const by = caller.kind === 'staff' ? caller.user_id : null;
      return invoiceView(await cancelInvoice(db, body, by));
    }),
  ];
}
