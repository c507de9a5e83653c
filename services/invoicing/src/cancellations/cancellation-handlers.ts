import {
  cancelInvoice as endpoint,
  invoiceCancellability,
  emitCreditNote as creditNoteEndpoint,
  reinvoice as reinvoiceEndpoint,
} from '@cuota/contracts/invoicing/endpoints/invoices';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { answerKeyed, implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { InvoicingDb } from '../invoicing-db';
import { invoiceView } from '../invoices/invoice-view';
import type { Executor } from '@cuota/messaging/transaction';
import { invoiceById, lockInvoice, type InvoiceRow } from '../invoices/invoice-repository';
import type { PacClient } from '../pac/pac-client';
import { cancelInvoice, emitCreditNote } from './cancel-invoice';
import { cancellabilityOf, cfdiFieldsOf } from './cancellation-rules';
import { reinvoice } from './reinvoice';

const UNKNOWN_INVOICE = 'No encontramos esta factura.';
export const NOT_STAMPED = 'Solo una factura timbrada se consulta en el SAT antes de cancelarla.';

/** `pac` is null without settings (no one stamps): SAT's answer is then unknown. */
export function cancellationHandlers(db: InvoicingDb, pac: PacClient | null) {
  return [
    implement(invoiceCancellability, async ({ params }) => {
      const row = await invoiceById(db, params.invoice);
      if (!row || row.schoolId !== params.id) throw notFound(UNKNOWN_INVOICE);
      if (row.status !== 'success' || !row.stampedXml) throw conflict(NOT_STAMPED);
      return cancellabilityOf(pac && (await pac.status(cfdiFieldsOf(row))));
    }),
    implement(endpoint, async ({ body, caller }) => {
      const by = caller.kind === 'staff' ? caller.user_id : null;
      return invoiceView(await cancelInvoice(db, body, by));
    }),
    implement(creditNoteEndpoint, async ({ params, body, idempotencyKey: key, res }) => {
      const ask = { amount: body.amount_centavos, reason: body.reason, key };
      const note = await onInvoice(db, params, (tx, row) => emitCreditNote(tx, row, ask));
      return invoiceView(answerKeyed(res, note));
    }),
    implement(reinvoiceEndpoint, async ({ params }) =>
      invoiceView(await onInvoice(db, params, reinvoice)),
    ),
  ];
}

/** Runs an action on the school's invoice, locked; another school's is a 404. */
function onInvoice<T>(
  db: InvoicingDb,
  params: { id: string; invoice: string },
  action: (tx: Executor, row: InvoiceRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, params.invoice);
    if (!row || row.schoolId !== params.id) throw notFound(UNKNOWN_INVOICE);
    return action(tx, row);
  });
}
