import { getDelinquency } from '@cuota/contracts/billing/endpoints/delinquency';
import { getMonthFigures } from '@cuota/contracts/billing/endpoints/month-figures';
import { listCycles } from '@cuota/contracts/enrolment/endpoints/cycles';
import { listFiscalEntities } from '@cuota/contracts/invoicing/endpoints/fiscal-entities';
import { listInvoices } from '@cuota/contracts/invoicing/endpoints/invoices';
import { collections } from '@cuota/contracts/payments/endpoints/figures';
import { listBackofficePayouts } from '@cuota/contracts/payments/endpoints/payouts';
import { listTransferReports } from '@cuota/contracts/payments/endpoints/transfer-reports';
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
    homeFailedInvoices: build.query({
      ...fromEndpoint(listInvoices, (schoolId: string) => ({
        params: { id: schoolId },
        query: { status: 'failed' as const, page_size: 1 },
      })),
      providesTags: ['Invoices'],
    }),
    homePendingTransfers: build.query({
      ...fromEndpoint(listTransferReports, (schoolId: string) => ({
        params: { id: schoolId },
        query: { status: 'pending' as const },
      })),
      providesTags: ['TransferReports'],
    }),
    homeScheduledPayouts: build.query({
      ...fromEndpoint(listBackofficePayouts, (schoolId: string) => ({
        params: {},
        query: { school_id: schoolId, status: 'SCHEDULED' as const },
      })),
      providesTags: ['Payouts'],
    }),
    homeFiscalEntities: build.query({
      ...fromEndpoint(listFiscalEntities, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
  }),
});

export const {
  useHomeCollectionsQuery,
  useHomeMonthFiguresQuery,
  useHomeDelinquencyQuery,
  useHomeCyclesQuery,
  useHomeFailedInvoicesQuery,
  useHomePendingTransfersQuery,
  useHomeScheduledPayoutsQuery,
  useHomeFiscalEntitiesQuery,
} = homeApi;
