import { useMemo } from 'react';
import { collectionsWithin } from '@cuota/contracts/payments/collections-within';
import { getDelinquency } from '@cuota/contracts/billing/endpoints/delinquency';
import { getMonthFigures } from '@cuota/contracts/billing/endpoints/month-figures';
import { listCycles } from '@cuota/contracts/enrolment/endpoints/cycles';
import { getInvoicingTodo } from '@cuota/contracts/invoicing/endpoints/invoicing-todo';
import { collections } from '@cuota/contracts/payments/endpoints/figures';
import { getPaymentsTodo } from '@cuota/contracts/payments/endpoints/payments-todo';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

interface Range {
  schoolId: string;
  from: string;
  to: string;
}

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['Payins', 'TransferReports', 'Payouts', 'Invoices'],
});

/**
 * What Inicio reads (issue 23): each figure from the service that owns it, each call allowed
 * by the permission the card that shows it checks first. The tags are the ones the sections'
 * own changes invalidate, so a confirmed transfer leaves the to-do list too.
 */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    homeCollections: build.query({
      ...fromEndpoint(collections, ({ schoolId, from, to }: Range) => ({
        params: { id: schoolId },
        query: { from, to },
      })),
      providesTags: ['Payins'],
    }),
    /** Of the month Inicio's other cards show (the page's Mexico City date), not the server's. */
    homeMonthFigures: build.query({
      ...fromEndpoint(
        getMonthFigures,
        ({ schoolId, month }: { schoolId: string; month: string }) => ({
          params: { id: schoolId },
          query: { month },
        }),
      ),
    }),
    homeDelinquency: build.query({
      ...fromEndpoint(getDelinquency, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
    homeCycles: build.query({
      ...fromEndpoint(listCycles, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
    /** Counts, not lists: the lists' contracts would double what Inicio loads (ADR 0087). */
    homeInvoicingTodo: build.query({
      ...fromEndpoint(getInvoicingTodo, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['Invoices'],
    }),
    homePaymentsTodo: build.query({
      ...fromEndpoint(getPaymentsTodo, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['TransferReports', 'Payouts'],
    }),
  }),
});

export const {
  useHomeCollectionsQuery,
  useHomeMonthFiguresQuery,
  useHomeDelinquencyQuery,
  useHomeCyclesQuery,
  useHomeInvoicingTodoQuery,
  useHomePaymentsTodoQuery,
} = homeApi;

/**
 * The collections of `within`, taken from the read of `range`, which holds them: today from
 * this month, the same days of last month from last month (ADR 0097: two reads fewer on
 * Inicio's first load; the endpoint's totals are the sums of its days).
 */
export function useHomeCollectionsWithin(range: Range, within: { from: string; to: string }) {
  const read = useHomeCollectionsQuery(range);
  const { from, to } = within;
  const data = useMemo(
    () => (read.data ? collectionsWithin(read.data, { from, to }) : undefined),
    [read.data, from, to],
  );
  return { data, error: read.error, refetch: read.refetch };
}
