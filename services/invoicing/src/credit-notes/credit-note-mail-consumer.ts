import { invoiceStampedV1 } from '@cuota/contracts/events/invoicing.invoice.stamped.v1';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Mailer } from '@cuota/service-runtime/mail/mailer';
import { guardianEmail } from '../guardians/fiscal-guardian-repository';
import { mailStampedInvoice } from '../invoices/invoice-mail';
import { invoiceById } from '../invoices/invoice-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const CREDIT_NOTE_MAIL_CONSUMER = 'invoicing-credit-note-mail';

/**
 * A stamped credit note is e-mailed to its billing guardian unasked, with its XML and PDF:
 * the family learns the money given back has its CFDI (ADR 0037). The inbox makes a
 * redelivered event send nothing; a failed send is retried with the event. Without SMTP, or
 * without a known address, nothing is sent (staff can send it from Facturas).
 */
export function creditNoteMailSubscriptions(mailer: Mailer | null): Subscription[] {
  return [
    on(invoiceStampedV1, async (event, tx) => {
      const row = await invoiceById(tx, event.data.invoice_id);
      if (!mailer || row?.document !== 'credit_note' || !row.stampedXml) return;
      const to = row.billingGuardianId && (await guardianEmail(tx, row.billingGuardianId));
      if (to) await mailStampedInvoice(mailer, { ...row, stampedXml: row.stampedXml }, to);
    }),
  ];
}
