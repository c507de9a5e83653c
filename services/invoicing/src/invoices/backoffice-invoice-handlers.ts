import {
  generateInvoices,
  massiveInvoiceRetry,
  reEmitInvoice,
} from '@cuota/contracts/invoicing/endpoints/backoffice-invoicing';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { Executor } from '@cuota/messaging/transaction';
import { reinvoice } from '../cancellations/reinvoice';
import type { InvoicingDb } from '../invoicing-db';
import { generateFamilyInvoices } from './generate-invoices';
import {
  documentsOfPayin,
  lockInvoice,
  requestAgain,
  retryFailedOfSchool,
  type InvoiceRow,
} from './invoice-repository';
import { invoiceView } from './invoice-view';

export const CANCELED_NO_REEMIT =
  'Una factura cancelada o en cancelación no se reemite; la operación ya no tiene CFDI.';

/**
 * The backoffice's retry, re-emit and generate (ADR 0037). The school is the body's `school_id`, which
 * the mount checks against the caller's memberships; another school's invoice is a 404.
 */
export function backofficeInvoiceHandlers(db: InvoicingDb) {
  return [
    implement(massiveInvoiceRetry, async ({ body }) => {
      const ids = await db.transaction((tx) =>
        retryFailedOfSchool(tx, body.school_id, body.invoice_ids),
      );
      return { retried: ids.length, invoice_ids: ids };
    }),
    implement(reEmitInvoice, async ({ body }) => {
      const row = await db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, body.invoice_id);
        if (!invoice || invoice.schoolId !== body.school_id) throw notFound(reEmitInvoice.notFound);
        return reEmit(tx, invoice);
      });
      return invoiceView(row);
    }),
    implement(generateInvoices, async ({ body }) => {
      const rows = await db.transaction(async (tx) => {
        const income = (await documentsOfPayin(tx, body.school_id, body.payin_id)).filter(
          (row) => row.document === 'invoice',
        );
        if (!income.length) throw notFound(generateInvoices.notFound);
        return generateFamilyInvoices(tx, income);
      });
      return { results: rows.map(invoiceView) };
    }),
  ];
}

/**
 * Issued again: a stamped income invoice by its substitute (motive 01, `reinvoice`'s rules and
 * Spanish 409s); a failed one rebuilt; one still pending is already on its way (answered
 * as it is, so asking twice is harmless).
 */
async function reEmit(tx: Executor, invoice: InvoiceRow): Promise<InvoiceRow> {
  switch (invoice.status) {
    case 'success':
      return reinvoice(tx, invoice);
    case 'failed':
      return requestAgain(tx, invoice);
    case 'pending':
      return invoice;
    case 'canceling':
    case 'canceled':
      throw conflict(CANCELED_NO_REEMIT);
  }
}
