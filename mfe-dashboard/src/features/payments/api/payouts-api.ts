import {
  cancelPayout,
  changePayoutAccount,
  executePayout,
  listBackofficePayouts,
  payoutBankAccounts,
  payoutDetail,
  schedulePayout,
} from '@cuota/contracts/payments/endpoints/payouts';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Payouts'] });

/**
 * The school's payouts (ADR 0043, 0056): list, detail with its payments, schedule, execute,
 * re-target, cancel.
 */
export const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    payouts: build.query({
      ...fromEndpoint(listBackofficePayouts, (schoolId: string) => ({
        params: {},
        query: { school_id: schoolId },
      })),
      providesTags: ['Payouts'],
    }),
    payout: build.query({
      ...fromEndpoint(payoutDetail, (payoutId: string) => ({ params: { id: payoutId } })),
      providesTags: ['Payouts'],
    }),
    payoutAccounts: build.query({
      ...fromEndpoint(payoutBankAccounts, (payoutId: string) => ({ params: { id: payoutId } })),
    }),
    schedulePayout: build.mutation({
      ...fromEndpoint(schedulePayout, (body: { school_id: string; collected_on: string }) => ({
        params: {},
        body,
      })),
      invalidatesTags: (_r, error) => (error ? [] : ['Payouts']),
    }),
    executePayout: build.mutation({
      ...fromEndpoint(executePayout, (payoutId: string) => ({ params: { id: payoutId } })),
      invalidatesTags: ['Payouts'],
    }),
    changePayoutAccount: build.mutation({
      ...fromEndpoint(
        changePayoutAccount,
        ({ payoutId, bankAccountId }: { payoutId: string; bankAccountId: string }) => ({
          params: { id: payoutId },
          body: { bank_account_id: bankAccountId },
        }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Payouts']),
    }),
    cancelPayout: build.mutation({
      ...fromEndpoint(
        cancelPayout,
        ({ payoutId, reason }: { payoutId: string; reason: string }) => ({
          params: { id: payoutId },
          body: { reason },
        }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Payouts']),
    }),
  }),
});

export const {
  usePayoutsQuery,
  usePayoutQuery,
  usePayoutAccountsQuery,
  useSchedulePayoutMutation,
  useExecutePayoutMutation,
  useChangePayoutAccountMutation,
  useCancelPayoutMutation,
} = payoutsApi;
