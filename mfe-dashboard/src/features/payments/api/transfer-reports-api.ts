import {
  confirmTransfer,
  listTransferReports,
  proofOfPayment,
  rejectTransfer,
} from '@cuota/contracts/payments/endpoints/transfer-reports';
import { baseApi } from '@cuota/web-core/api/base-api';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** A reported transfer's proof: a plain link the browser opens (the cookie rides with it). */
export function proofUrl(schoolId: string, payinId: string): string {
  return endpointUrl(proofOfPayment, { params: { school: schoolId, payin: payinId } });
}

interface Decision {
  schoolId: string;
  payinId: string;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Payins', 'TransferReports'] });

/** Transfers families reported, for staff to confirm or reject (ADR 0036). */
export const transferReportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    pendingTransfers: build.query({
      ...fromEndpoint(listTransferReports, (schoolId: string) => ({
        params: { id: schoolId },
        query: { status: 'pending' as const },
      })),
      providesTags: ['TransferReports'],
    }),
    confirmTransfer: build.mutation({
      ...fromEndpoint(confirmTransfer, ({ schoolId, payinId }: Decision) => ({
        params: { id: schoolId, payin: payinId },
      })),
      invalidatesTags: (_r, error) => (error ? [] : ['TransferReports', 'Payins']),
      extraOptions: { showsOwnError: true },
    }),
    rejectTransfer: build.mutation({
      ...fromEndpoint(
        rejectTransfer,
        ({ schoolId, payinId, reason }: Decision & { reason: string }) => ({
          params: { id: schoolId, payin: payinId },
          body: { reason },
        }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['TransferReports', 'Payins']),
      extraOptions: { showsOwnError: true },
    }),
  }),
});

export const { usePendingTransfersQuery, useConfirmTransferMutation, useRejectTransferMutation } =
  transferReportsApi;
