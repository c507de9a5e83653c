import { exportPayins, payinStats } from '@cuota/contracts/payments/endpoints/figures';
import type { PayinFilter } from '@cuota/contracts/payments/payins';
import { baseApi } from '@cuota/web-core/api/base-api';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** Pagos' totals: the same filters as the list, for the whole filtered set. */
export const payinsFiguresApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Payins'] })
  .injectEndpoints({
    endpoints: (build) => ({
      payinStats: build.query({
        ...fromEndpoint(
          payinStats,
          ({ schoolId, filters }: { schoolId: string; filters: PayinFilter }) => ({
            params: {},
            query: { ...filters, school_id: schoolId },
          }),
        ),
        providesTags: ['Payins'],
      }),
    }),
  });

export const { usePayinStatsQuery } = payinsFiguresApi;

/** The filtered list as a spreadsheet: a plain link (a GET; the session cookie rides with it). */
export function payinsExportUrl(schoolId: string, filters: PayinFilter): string {
  return endpointUrl(exportPayins, { params: { id: schoolId }, query: filters });
}
