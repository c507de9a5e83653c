import { sendInvoiceEmail } from '@cuota/contracts/invoicing/endpoints/invoices';
import { HttpError, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { Mailer } from '@cuota/service-runtime/mail/mailer';
import { renderCfdiPdf } from '../cfdi/cfdi-pdf';
import { guardianEmail } from '../guardians/fiscal-guardian-repository';
import type { InvoicingDb } from '../invoicing-db';
import { invoiceMail } from './invoice-mail';
import { invoiceById } from './invoice-repository';

export const NO_GUARDIAN_EMAIL =
  'El tutor que factura no tiene correo registrado; escribe a qué correo enviarla.';

/**
 * Staff e-mail a stamped invoice of their school with its XML and PDF: to the address they
 * type, else to its billing guardian. Without SMTP (a service started without it) a 503.
 */
export function invoiceMailHandlers(db: InvoicingDb, mailer: Mailer | null) {
  return [
    implement(sendInvoiceEmail, async ({ params, body }) => {
      const row = await invoiceById(db, params.invoice);
      if (!row || row.schoolId !== params.id) throw notFound(sendInvoiceEmail.notFound);
      if (row.status !== 'success' || !row.stampedXml)
        throw conflict('Solo se envían facturas timbradas.');
      const to =
        body.email ?? (row.billingGuardianId && (await guardianEmail(db, row.billingGuardianId)));
      if (!to) throw new HttpError(422, 'VALIDATION_FAILED', NO_GUARDIAN_EMAIL);
      if (!mailer)
        throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'El correo no está disponible ahora.');
      const stamped = { ...row, stampedXml: row.stampedXml };
      await mailer.send(invoiceMail(stamped, await renderCfdiPdf(row.stampedXml), to));
      return { sent_to: to };
    }),
  ];
}
