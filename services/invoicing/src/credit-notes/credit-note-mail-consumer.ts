import { invoiceStampedV1 } from '@cuota/contracts/events/invoicing.invoice.stamped.v1';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Executor } from '@cuota/messaging/transaction';
import type { Mailer } from '@cuota/service-runtime/mail/mailer';
import { guardianEmail } from '../guardians/fiscal-guardian-repository';
import { mailStampedInvoice } from '../invoices/invoice-mail';
import { invoiceById, type InvoiceRow } from '../invoices/invoice-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const CREDIT_NOTE_MAIL_CONSUMER = 'invoicing-credit-note-mail';

/**
 * Who gets a stamped document unasked: a credit note's billing guardian (ADR 0037), and a
 * store guest their sale's invoice at the address they bought with (ADR 0103) — nobody else
 * could send it to them, as they have no portal. Any other document: nobody.
 */
async function unaskedRecipient(tx: Executor, row: InvoiceRow): Promise<string | null> {
  if (row.document === 'invoice') return row.guestEmail;
  if (row.document !== 'credit_note' || !row.billingGuardianId) return null;
  return guardianEmail(tx, row.billingGuardianId);
}

/**
 * A stamped credit note is e-mailed to its billing guardian unasked, with its XML and PDF:
 * the family learns the money given back has its CFDI (ADR 0037); a store guest's invoice to
 * the guest, «Tu factura» (ADR 0103). The inbox makes a redelivered event send nothing; a
 * failed send is retried with the event. Without SMTP, or without a known address, nothing is
 * sent (staff can send it from Facturas).
 */
export function creditNoteMailSubscriptions(mailer: Mailer | null): Subscription[] {
  return [
    on(invoiceStampedV1, async (event, tx) => {
      const row = await invoiceById(tx, event.data.invoice_id);
      if (!mailer || !row?.stampedXml) return;
      const to = await unaskedRecipient(tx, row);
      if (to) await mailStampedInvoice(mailer, { ...row, stampedXml: row.stampedXml }, to);
    }),
  ];
}
