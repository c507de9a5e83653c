import {
  invoicePdf,
  invoiceUrls,
  invoiceXml,
  invoicesZip as zipEndpoint,
  listInvoices,
  retryInvoice,
} from '@cuota/contracts/invoicing/endpoints/invoices';
import { INVOICE_ZIP_MAX } from '@cuota/contracts/invoicing/invoices';
import { badRequest, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { implement, type Call } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import { studentById } from '@cuota/student-directory/student-directory-repository';
import { renderCfdiPdf } from '../cfdi/cfdi-pdf';
import type { InvoicingDb } from '../invoicing-db';
import {
  countInvoices,
  invoiceById,
  invoicesOfOrder,
  lockInvoice,
  requestAgain,
  stampedInvoicesOfSchool,
  type InvoiceRow,
} from './invoice-repository';
import { invoicesZip } from './invoice-zip';
import { invoiceAnswersPage } from './invoice-answer-repository';
import { guardianMaySeeInvoice, guardianMaySeeOrder } from './invoice-access-rules';
import { invoiceFileName, invoicePageJson, invoiceUrlsView, invoiceView } from './invoice-view';

/**
 * A stamped invoice for its school's staff or its family (its receptor, its payer, the
 * student's guardians); anyone else finds nothing.
 */
async function downloadable(
  db: InvoicingDb,
  call: Call<typeof invoiceXml | typeof invoicePdf>,
): Promise<InvoiceRow & { stampedXml: string }> {
  const row = await invoiceById(db, call.params.id);
  if (!row) throw notFound(invoiceXml.notFound);
  const { caller } = call;
  if (caller.kind === 'staff') call.requireStaffOf(row.schoolId);
  else if (
    caller.kind !== 'guardian' ||
    !guardianMaySeeInvoice(caller.guardian_id, await studentById(db, row.studentId), row)
  )
    throw notFound(invoiceXml.notFound);
  if (!row.stampedXml) throw conflict('La factura aún no está timbrada.');
  return { ...row, stampedXml: row.stampedXml };
}

export const NOTHING_TO_ZIP = 'No hay facturas timbradas con estos filtros.';
export const tooManyToZip = (count: number) =>
  `Un ZIP lleva hasta ${INVOICE_ZIP_MAX} facturas y estos filtros encuentran ${count}; filtra por estatus o busca por RFC, nombre o folio.`;

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
      const { caller } = call;
      if (caller.kind === 'staff') call.requireStaffOf(schoolId, invoiceUrls.notFound);
      else if (
        caller.kind !== 'guardian' ||
        !guardianMaySeeOrder(caller.guardian_id, student, rows)
      )
        throw notFound(invoiceUrls.notFound);
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
      const found = await invoiceAnswersPage(db, params.id, {
        ...query,
        pageSize: query.page_size,
      });
      // A page past the end still tells how many there are.
      const count = found.count ?? (query.page > 1 ? await countInvoices(db, params.id, query) : 0);
      return Reply.json(invoicePageJson(query, count, found.answers));
    }),

    implement(zipEndpoint, async ({ params, query }) => {
      const { count, rows } = await stampedInvoicesOfSchool(db, params.id, query, INVOICE_ZIP_MAX);
      if (!count) throw notFound(NOTHING_TO_ZIP);
      if (count > INVOICE_ZIP_MAX) throw badRequest(tooManyToZip(count));
      return Reply.file({
        data: await invoicesZip(rows),
        contentType: 'application/zip',
        filename: 'facturas.zip',
      });
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
