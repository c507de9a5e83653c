import type { NewBankAccount } from '@cuota/contracts/payments/bank-accounts';
import {
  addBankAccount,
  listBankAccounts,
} from '@cuota/contracts/payments/endpoints/bank-accounts';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['BankAccounts'] });

/** The school's bank accounts (where payouts go) and adding one. */
export const bankAccountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    bankAccounts: build.query({
      ...fromEndpoint(listBankAccounts, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['BankAccounts'],
    }),
    addBankAccount: build.mutation({
      ...fromEndpoint(
        addBankAccount,
        ({
          schoolId,
          account,
          idempotencyKey,
        }: {
          schoolId: string;
          account: NewBankAccount;
          idempotencyKey: string;
        }) => ({ params: { id: schoolId }, body: account, idempotencyKey }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['BankAccounts']),
    }),
  }),
});

export const { useBankAccountsQuery, useAddBankAccountMutation } = bankAccountsApi;
