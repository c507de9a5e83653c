import {
  invoicePdf,
  invoiceUrls,
  invoiceXml,
  listInvoices,
  retryInvoice,
} from '@cuota/contracts/invoicing/endpoints/invoices';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { implement, type Call } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import { renderCfdiPdf } from '../cfdi/cfdi-pdf';
import type { InvoicingDb } from '../invoicing-db';
import { studentById } from '../students/student-repository';
import {
  invoiceById,
  invoicesOfOrder,
  invoicesOfSchool,
  lockInvoice,
  requestAgain,
  type InvoiceRow,
} from './invoice-repository';
import { invoiceFileName, invoiceUrlsView, invoiceView } from './invoice-view';

/** A guardian's invoices: made out to them (billing guardian) or paid by them. */
const isFamilyOf = (row: InvoiceRow, guardianId: string) =>
  row.billingGuardianId === guardianId || row.payerGuardianId === guardianId;

/** A stamped invoice the caller may download; anything else looks absent or not ready. */
async function downloadable(
  db: InvoicingDb,
  call: Call<typeof invoiceXml | typeof invoicePdf>,
): Promise<InvoiceRow & { stampedXml: string }> {
  const row = await invoiceById(db, call.params.id);
  if (!row) throw notFound(invoiceXml.notFound);
  requireInvoiceReader(call, row.schoolId, isFamily(call.caller, [row]));
  if (!row.stampedXml) throw conflict('La factura aún no está timbrada.');
  return { ...row, stampedXml: row.stampedXml };
}

const isFamily = (caller: IdentityClaims, rows: readonly InvoiceRow[]) =>
  caller.kind === 'guardian' && rows.some((row) => isFamilyOf(row, caller.guardian_id));

/** Staff of the school with invoicing.read, or the family (404 for anyone else). */
function requireInvoiceReader(
  call: Pick<Call<typeof invoiceXml>, 'caller' | 'requireStaffOf'>,
  schoolId: string,
  family: boolean,
): void {
  if (call.caller.kind === 'staff') call.requireStaffOf(schoolId);
  else if (!family) throw notFound(invoiceXml.notFound);
}

export function invoiceHandlers(db: InvoicingDb) {
  return [
    implement(invoiceUrls, async (call) => {
      const { student: studentId, order } = call.params;
      const [student, rows] = await Promise.all([
        studentById(db, studentId),
        invoicesOfOrder(db, studentId, order),
      ]);
      const schoolId = student?.schoolId ?? rows[0]?.schoolId;
      if (!schoolId) throw notFound(invoiceUrls.notFound);
      const ownStudent =
        call.caller.kind === 'guardian' && student?.billingGuardianId === call.caller.guardian_id;
      if (call.caller.kind === 'staff') call.requireStaffOf(schoolId, invoiceUrls.notFound);
      else if (!ownStudent && !isFamily(call.caller, rows)) throw notFound(invoiceUrls.notFound);
      return invoiceUrlsView(rows);
    }),

    implement(invoiceXml, async (call) => {
      const row = await downloadable(db, call);
      return Reply.file({
        data: Buffer.from(row.stampedXml, 'utf8'),
        contentType: 'application/xml; charset=utf-8',
        filename: invoiceFileName(row, 'xml'),
      });
    }),

    implement(invoicePdf, async (call) => {
      const row = await downloadable(db, call);
      return Reply.file({
        data: await renderCfdiPdf(row.stampedXml),
        contentType: 'application/pdf',
        filename: invoiceFileName(row, 'pdf'),
      });
    }),

    implement(listInvoices, async ({ params, query }) => {
      const { count, rows } = await invoicesOfSchool(db, params.id, {
        page: query.page,
        pageSize: query.page_size,
        status: query.status,
        search: query.search,
      });
      return {
        count,
        page: query.page,
        page_size: query.page_size,
        results: rows.map(invoiceView),
      };
    }),

    implement(retryInvoice, async ({ params }) =>
      db.transaction(async (tx) => {
        const row = await lockInvoice(tx, params.invoice);
        if (!row || row.schoolId !== params.id) throw notFound(retryInvoice.notFound);
        if (row.status === 'success') throw conflict('Esta factura ya está timbrada.');
        return invoiceView(await requestAgain(tx, row));
      }),
    ),
  ];
}
