import { listFamilyFulfillments } from '@cuota/contracts/billing/endpoints/family-orders';
import { familyCredit } from '@cuota/contracts/payments/endpoints/credit';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** The tags of what a payment changes: portal-payments-api.ts's mutations invalidate them. */
export const paymentsApi = baseApi.enhanceEndpoints({
  addTagTypes: ['FamilyPayins', 'FamilyOrders', 'TransferReports'],
});

/**
 * What the home's «Tu saldo» reads: what the family owes and its credit. Apart from the
 * portal's other payment endpoints so the home loads only these two contracts (the checkout,
 * transfer, payin and invoice schemas load with Pagos and the history).
 */
export const familyBalanceApi = paymentsApi.injectEndpoints({
  endpoints: (build) => ({
    /** The family's credit per student (ADR 0036); a page that shows it says nothing else. */
    familyCredit: build.query({
      ...fromEndpoint(familyCredit, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['FamilyPayins'],
      extraOptions: { showsOwnError: true },
    }),
    familyFulfillments: build.query({
      ...fromEndpoint(listFamilyFulfillments, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['FamilyOrders'],
    }),
  }),
});

export const { useFamilyCreditQuery, useFamilyFulfillmentsQuery } = familyBalanceApi;
