import { exportDelinquency, getDelinquency } from '@cuota/contracts/billing/endpoints/delinquency';
import { baseApi } from '@cuota/web-core/api/base-api';
import { endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** Morosidad: what the school's families owe past due, by how late. */
export const delinquencyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    delinquency: build.query({
      ...fromEndpoint(getDelinquency, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
  }),
});

export const { useDelinquencyQuery } = delinquencyApi;

/** The report as Excel: a GET, so a plain link downloads it with the session's cookie. */
export const delinquencyExportUrl = (schoolId: string) =>
  endpointUrl(exportDelinquency, { params: { id: schoolId } });
