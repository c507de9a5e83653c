import { sendInvoiceEmail, sendPayinInvoices } from '@cuota/contracts/invoicing/endpoints/invoices';
import { studentById } from '@cuota/student-directory/student-directory-repository';
import { HttpError, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { Mailer } from '@cuota/service-runtime/mail/mailer';
import { guardianEmail } from '../guardians/fiscal-guardian-repository';
import type { InvoicingDb } from '../invoicing-db';
import { mailStampedInvoice } from './invoice-mail';
import { guardianMaySeeInvoice } from './invoice-access-rules';
import { documentsOfPayin, invoiceById, type InvoiceRow } from './invoice-repository';

export const NO_GUARDIAN_EMAIL =
  'El tutor que factura no tiene correo registrado; escribe a qué correo enviarla.';

/**
 * Staff e-mail a stamped invoice of their school with its XML and PDF: to the address they
 * type, else to its billing guardian. Without SMTP (a service started without it) a 503.
 */
export function invoiceMailHandlers(db: InvoicingDb, mailer: Mailer | null) {
  const send = async (row: InvoiceRow, to: string) => {
    if (!mailer)
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'El correo no está disponible ahora.');
    await mailStampedInvoice(mailer, { ...row, stampedXml: row.stampedXml! }, to);
  };
  const billingEmailOf = (row: InvoiceRow) =>
    row.billingGuardianId ? guardianEmail(db, row.billingGuardianId) : null;

  return [
    implement(sendInvoiceEmail, async ({ params, body }) => {
      const row = await invoiceById(db, params.invoice);
      if (!row || row.schoolId !== params.id) throw notFound(sendInvoiceEmail.notFound);
      if (row.status !== 'success' || !row.stampedXml)
        throw conflict('Solo se envían facturas timbradas.');
      const to = body.email ?? (await billingEmailOf(row));
      if (!to) throw new HttpError(422, 'VALIDATION_FAILED', NO_GUARDIAN_EMAIL);
      await send(row, to);
      return { sent_to: to };
    }),

    /**
     * Each stamped CFDI of a payment — its income invoices and its CFDI de pago — one e-mail
     * each: a family gets those it may see at its own address; staff, each at its receptor's.
     */
    implement(sendPayinInvoices, async (call) => {
      const { school, payin } = call.params;
      const { caller } = call;
      if (caller.kind === 'staff') call.requireStaffOf(school, sendPayinInvoices.notFound);
      const all = await documentsOfPayin(db, school, payin);
      const visible =
        caller.kind === 'guardian' ? await ofFamily(db, all, caller.guardian_id) : all;
      if (!visible.length) throw notFound(sendPayinInvoices.notFound);
      // One e-mail per CFDI: a CFDI de pago of several PPD invoices is one document.
      const stamped = visible.filter(
        (row) => row.status === 'success' && row.stampedXml && !row.carriedByInvoiceId,
      );
      if (!stamped.length) throw conflict('Las facturas de este pago aún no están timbradas.');
      const own = caller.kind === 'guardian' ? await guardianEmail(db, caller.guardian_id) : null;
      const sentTo: string[] = [];
      for (const row of stamped) {
        const to = own ?? (await billingEmailOf(row));
        if (!to) continue;
        await send(row, to);
        sentTo.push(to);
      }
      if (!sentTo.length) throw new HttpError(422, 'VALIDATION_FAILED', NO_EMAIL);
      return { sent: sentTo.length, sent_to: [...new Set(sentTo)] };
    }),
  ];
}

export const NO_EMAIL = 'No tenemos un correo al cual enviar estas facturas.';

async function ofFamily(
  db: InvoicingDb,
  rows: InvoiceRow[],
  guardianId: string,
): Promise<InvoiceRow[]> {
  const visible: InvoiceRow[] = [];
  for (const row of rows)
    if (guardianMaySeeInvoice(guardianId, await studentById(db, row.studentId), row))
      visible.push(row);
  return visible;
}
