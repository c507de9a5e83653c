import { getSchool } from '@cuota/contracts/enrolment/endpoints/schools';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

export const schoolApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    school: build.query({
      ...fromEndpoint(getSchool, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
  }),
});

export const { useSchoolQuery } = schoolApi;
