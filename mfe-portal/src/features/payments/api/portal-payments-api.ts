import { invoiceUrls } from '@cuota/contracts/invoicing/endpoints/invoices';
import {
  cardFormSettings,
  checkout,
  paymentStatus,
} from '@cuota/contracts/payments/endpoints/checkout';
import { listPayinsV1, payinReceipt } from '@cuota/contracts/payments/endpoints/payins';
import { createPreference } from '@cuota/contracts/payments/endpoints/preferences';
import type { CreatePreference } from '@cuota/contracts/payments/preferences';
import {
  deleteTransferReport,
  listTransferReports,
  proofOfPayment,
  reportTransfer,
  uploadProofOfPayment,
} from '@cuota/contracts/payments/endpoints/transfer-reports';
import type { Checkout } from '@cuota/contracts/payments/checkout';
import type { ReportTransfer } from '@cuota/contracts/payments/transfer-reports';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';
import { paymentsApi } from './family-balance-api';

export const HISTORY_PAGE_SIZE = 10;

/** A payin's receipt PDF: a plain link (the session cookie rides with it). */
export function receiptUrl(schoolId: string, payinId: string): string {
  return endpointUrl(payinReceipt, { params: { school: schoolId, payin: payinId } });
}

/** A reported transfer's proof: a plain link the browser opens (the cookie rides with it). */
export function proofUrl(schoolId: string, payinId: string): string {
  return endpointUrl(proofOfPayment, { params: { school: schoolId, payin: payinId } });
}

export const portalPaymentsApi = paymentsApi.injectEndpoints({
  endpoints: (build) => ({
    familyPayins: build.query({
      ...fromEndpoint(listPayinsV1, ({ schoolId, page }: { schoolId: string; page: number }) => ({
        params: { id: schoolId },
        query: { page, page_size: HISTORY_PAGE_SIZE },
      })),
      providesTags: ['FamilyPayins'],
    }),
    orderInvoice: build.query({
      ...fromEndpoint(
        invoiceUrls,
        ({ studentId, orderId }: { studentId: string; orderId: string }) => ({
          params: { student: studentId, order: orderId },
        }),
      ),
    }),
    checkout: build.mutation({
      ...fromEndpoint(
        checkout,
        ({ payment, idempotencyKey }: { payment: Checkout; idempotencyKey: string }) => ({
          params: {},
          body: payment,
          idempotencyKey,
        }),
      ),
      // The card form says why the payment failed (card-payment.tsx); no page alert too.
      extraOptions: { showsOwnError: true },
    }),
    cardFormSettings: build.query({
      ...fromEndpoint(cardFormSettings, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
    /** The family's reported transfers (ADR 0036), newest first. */
    transferReports: build.query({
      ...fromEndpoint(listTransferReports, (schoolId: string) => ({
        params: { id: schoolId },
        query: {},
      })),
      providesTags: ['TransferReports'],
    }),
    reportTransfer: build.mutation({
      ...fromEndpoint(
        reportTransfer,
        (r: { schoolId: string; payinId: string; report: ReportTransfer }) => ({
          params: { school: r.schoolId, payin: r.payinId },
          body: r.report,
        }),
      ),
      invalidatesTags: ['TransferReports', 'FamilyOrders'],
      extraOptions: { showsOwnError: true },
    }),
    uploadProof: build.mutation({
      ...fromEndpoint(
        uploadProofOfPayment,
        (r: { schoolId: string; payinId: string; form: FormData }) => ({
          params: { school: r.schoolId, payin: r.payinId },
          body: r.form,
        }),
      ),
      invalidatesTags: ['TransferReports'],
      extraOptions: { showsOwnError: true },
    }),
    deleteTransferReport: build.mutation({
      ...fromEndpoint(deleteTransferReport, (r: { schoolId: string; payinId: string }) => ({
        params: { school: r.schoolId, payin: r.payinId },
      })),
      invalidatesTags: ['TransferReports', 'FamilyOrders'],
    }),
    /** A SPEI reference or a cash voucher for the chosen orders (ADR 0089). */
    paymentReference: build.mutation({
      ...fromEndpoint(
        createPreference,
        ({
          preference,
          idempotencyKey,
        }: {
          preference: CreatePreference;
          idempotencyKey: string;
        }) => ({
          params: {},
          body: preference,
          idempotencyKey,
        }),
      ),
      // What is owed is read again when the family leaves the instructions (pay-page.tsx).
      extraOptions: { showsOwnError: true },
    }),
    paymentStatus: build.query({
      ...fromEndpoint(paymentStatus, (id: string) => ({ params: { id } })),
    }),
  }),
});

export const {
  useFamilyPayinsQuery,
  useOrderInvoiceQuery,
  useCheckoutMutation,
  usePaymentReferenceMutation,
  usePaymentStatusQuery,
  useCardFormSettingsQuery,
  useTransferReportsQuery,
  useReportTransferMutation,
  useUploadProofMutation,
  useDeleteTransferReportMutation,
} = portalPaymentsApi;

/** After a payment settles, what is owed and the history are read again. */
export const invalidateAfterPayment = () =>
  portalPaymentsApi.util.invalidateTags(['FamilyPayins', 'FamilyOrders']);
