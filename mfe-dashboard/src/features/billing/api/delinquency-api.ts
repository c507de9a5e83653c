import { getDelinquency } from '@cuota/contracts/billing/endpoints/delinquency';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** Morosidad: what the school's families owe past due, by how late. */
export const delinquencyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    delinquency: build.query({
      ...fromEndpoint(getDelinquency, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
  }),
});

export const { useDelinquencyQuery } = delinquencyApi;
