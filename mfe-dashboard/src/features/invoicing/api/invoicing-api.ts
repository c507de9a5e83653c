import type { InvoiceCancelRequest } from '@cuota/contracts/invoicing/cancellations';
import type { CreditNoteRequest } from '@cuota/contracts/invoicing/invoices';
import {
  cancelInvoice,
  emitCreditNote,
  invoiceCancellability,
  invoicePdf,
  invoiceXml,
  invoicesZip,
  listInvoices,
  reinvoice,
  retryInvoice,
  sendInvoiceEmail,
} from '@cuota/contracts/invoicing/endpoints/invoices';
import type { RequestStatus } from '@cuota/contracts/payments/payins';
import { baseApi } from '@cuota/web-core/api/base-api';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';

export const INVOICES_PAGE_SIZE = 25;

export interface InvoiceFilters {
  page: number;
  status?: RequestStatus;
  search?: string;
}

/** The stamped CFDI's XML and PDF: plain links (the session cookie rides with them). */
export const invoiceFileUrls = (id: string) => ({
  xml: endpointUrl(invoiceXml, { params: { id } }),
  pdf: endpointUrl(invoicePdf, { params: { id } }),
});

/** The filtered stamped invoices' XML and PDF in one ZIP: a plain link, like the files. */
export const invoicesZipUrl = (schoolId: string, filters: Omit<InvoiceFilters, 'page'>) =>
  endpointUrl(invoicesZip, {
    params: { id: schoolId },
    query: { status: filters.status, search: filters.search },
  });

export const invoicingApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Invoices'] })
  .injectEndpoints({
    endpoints: (build) => ({
      schoolInvoices: build.query({
        ...fromEndpoint(
          listInvoices,
          ({ schoolId, filters }: { schoolId: string; filters: InvoiceFilters }) => ({
            params: { id: schoolId },
            query: { ...filters, page_size: INVOICES_PAGE_SIZE },
          }),
        ),
        providesTags: ['Invoices'],
      }),
      retryInvoice: build.mutation({
        ...fromEndpoint(
          retryInvoice,
          ({ schoolId, invoiceId }: { schoolId: string; invoiceId: string }) => ({
            params: { id: schoolId, invoice: invoiceId },
          }),
        ),
        invalidatesTags: ['Invoices'],
      }),
      /** To the invoice's billing guardian; the answer says where it went. */
      sendInvoiceEmail: build.mutation({
        ...fromEndpoint(
          sendInvoiceEmail,
          ({ schoolId, invoiceId }: { schoolId: string; invoiceId: string }) => ({
            params: { id: schoolId, invoice: invoiceId },
            body: {},
          }),
        ),
        extraOptions: { showsOwnError: true },
      }),
      /** Answers the substitute; the list shows it and, later, the old one cancelled. */
      reinvoice: build.mutation({
        ...fromEndpoint(
          reinvoice,
          ({ schoolId, invoiceId }: { schoolId: string; invoiceId: string }) => ({
            params: { id: schoolId, invoice: invoiceId },
          }),
        ),
        extraOptions: { showsOwnError: true },
        invalidatesTags: ['Invoices'],
      }),
      /** Answers the credit note, «Pendiente» until stamped; the list then shows it. */
      emitCreditNote: build.mutation({
        ...fromEndpoint(
          emitCreditNote,
          ({
            invoice,
            body,
            idempotencyKey,
          }: {
            invoice: { id: string; school_id: string };
            body: CreditNoteRequest;
            idempotencyKey: string;
          }) => ({ params: { id: invoice.school_id, invoice: invoice.id }, body, idempotencyKey }),
        ),
        extraOptions: { showsOwnError: true },
        invalidatesTags: (_r, error) => (error ? [] : ['Invoices']),
      }),
      /** SAT's consulta, asked each time the cancel dialog opens (it changes with the days). */
      invoiceCancellability: build.query({
        ...fromEndpoint(invoiceCancellability, (invoice: { id: string; school_id: string }) => ({
          params: { id: invoice.school_id, invoice: invoice.id },
        })),
        keepUnusedDataFor: 0,
        extraOptions: { showsOwnError: true },
      }),
      cancelInvoice: build.mutation({
        ...fromEndpoint(cancelInvoice, (body: InvoiceCancelRequest) => ({ params: {}, body })),
        invalidatesTags: ['Invoices'],
      }),
    }),
  });

export const {
  useSchoolInvoicesQuery,
  useRetryInvoiceMutation,
  useCancelInvoiceMutation,
  useInvoiceCancellabilityQuery,
  useSendInvoiceEmailMutation,
  useReinvoiceMutation,
  useEmitCreditNoteMutation,
} = invoicingApi;
