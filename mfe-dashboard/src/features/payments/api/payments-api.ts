import { listStudents } from '@cuota/contracts/enrolment/endpoints/students';
import {
  getPayin,
  listDashboardPayins,
  payinReceipt,
  recordDeskPayment,
} from '@cuota/contracts/payments/endpoints/payins';
import type { DeskPreviewRequest } from '@cuota/contracts/payments/desk';
import { cashClosing, cashClosingPdf } from '@cuota/contracts/payments/endpoints/cash-closing';
import { refundCard, voidPayin } from '@cuota/contracts/payments/endpoints/corrections';
import type { RefundCard } from '@cuota/contracts/payments/reversals';
import {
  deskFamily,
  deskPreview,
  deskSettings,
  updateDeskSettings,
} from '@cuota/contracts/payments/endpoints/desk';
import type { DeskPayment, PayinFilter } from '@cuota/contracts/payments/payins';
import { baseApi } from '@cuota/web-core/api/base-api';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';

export const PAYINS_PAGE_SIZE = 25;

/** Pagos' filters (type, status, method, student, payer, dates) and the page. */
export type PayinFilters = PayinFilter & { page: number };

/** The receipt PDF of a payin: a plain link (the session cookie rides with it). */
export function receiptUrl(schoolId: string, payinId: string): string {
  return endpointUrl(payinReceipt, { params: { school: schoolId, payin: payinId } });
}

/** The corte de caja's PDF: a plain link, like the receipt. */
export function cashClosingPdfUrl(schoolId: string, date: string): string {
  return endpointUrl(cashClosingPdf, { params: { id: schoolId }, query: { date } });
}

interface DeskStudent {
  schoolId: string;
  studentId: string;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Payins', 'DeskSettings'] });

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    schoolPayins: build.query({
      ...fromEndpoint(
        listDashboardPayins,
        ({ schoolId, filters }: { schoolId: string; filters: PayinFilters }) => ({
          params: { id: schoolId },
          query: { ...filters, page_size: PAYINS_PAGE_SIZE },
        }),
      ),
      providesTags: ['Payins'],
    }),
    payin: build.query({
      ...fromEndpoint(getPayin, ({ schoolId, payinId }: { schoolId: string; payinId: string }) => ({
        params: { school: schoolId, payin: payinId },
      })),
      providesTags: ['Payins'],
    }),
    /** The desk's student search: a few matches by name, CURP or matrícula. */
    deskStudents: build.query({
      ...fromEndpoint(
        listStudents,
        ({ schoolId, search }: { schoolId: string; search: string }) => ({
          params: {},
          query: { school_id: schoolId, search, status: 'active' as const, page_size: 8 },
        }),
      ),
    }),
    /** The corte de caja of a day: the caller's own, or every cashier's (reports.read). */
    cashClosing: build.query({
      ...fromEndpoint(cashClosing, ({ schoolId, date }: { schoolId: string; date: string }) => ({
        params: { id: schoolId },
        query: { date },
      })),
      providesTags: ['Payins'],
    }),
    /** The school's limit per desk payment. */
    deskSettings: build.query({
      ...fromEndpoint(deskSettings, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['DeskSettings'],
    }),
    updateDeskSettings: build.mutation({
      ...fromEndpoint(
        updateDeskSettings,
        ({ schoolId, limit }: { schoolId: string; limit: number }) => ({
          params: { id: schoolId },
          body: { desk_limit_centavos: limit },
        }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['DeskSettings', 'Payins']),
    }),
    /** The student and siblings at the desk: open orders as of today and credit. */
    deskFamily: build.query({
      ...fromEndpoint(deskFamily, ({ schoolId, studentId }: DeskStudent) => ({
        params: { id: schoolId, student: studentId },
      })),
      providesTags: ['Payins'],
    }),
    /** What a payment would pay; a mutation only because it is a POST (it writes nothing). */
    deskPreview: build.mutation({
      ...fromEndpoint(
        deskPreview,
        ({ schoolId, studentId, request }: DeskStudent & { request: DeskPreviewRequest }) => ({
          params: { id: schoolId, student: studentId },
          body: request,
        }),
      ),
    }),
    voidPayin: build.mutation({
      ...fromEndpoint(
        voidPayin,
        ({ schoolId, payinId, reason }: { schoolId: string; payinId: string; reason: string }) => ({
          params: { id: schoolId, payin: payinId },
          body: { reason },
        }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Payins']),
    }),
    /** A card payment given back through the gateway: pending until its webhook. */
    refundCard: build.mutation({
      ...fromEndpoint(
        refundCard,
        ({
          schoolId,
          body,
          idempotencyKey,
        }: {
          schoolId: string;
          body: RefundCard;
          idempotencyKey: string;
        }) => ({ params: { id: schoolId }, body, idempotencyKey }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Payins']),
    }),
    recordDeskPayment: build.mutation({
      ...fromEndpoint(
        recordDeskPayment,
        ({
          schoolId,
          payment,
          idempotencyKey,
        }: {
          schoolId: string;
          payment: DeskPayment;
          idempotencyKey: string;
        }) => ({ params: { id: schoolId }, body: payment, idempotencyKey }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Payins']),
    }),
  }),
});

export const {
  useSchoolPayinsQuery,
  usePayinQuery,
  useDeskStudentsQuery,
  useDeskFamilyQuery,
  useDeskPreviewMutation,
  useRecordDeskPaymentMutation,
  useVoidPayinMutation,
  useRefundCardMutation,
  useCashClosingQuery,
  useDeskSettingsQuery,
  useUpdateDeskSettingsMutation,
} = paymentsApi;
