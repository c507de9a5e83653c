import { getSchool } from '@cuota/contracts/enrolment/endpoints/schools';
import { getMe } from '@cuota/contracts/enrolment/endpoints/staff';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

export const schoolApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in staff member and the schools they work in. */
    currentUser: build.query({ ...fromEndpoint(getMe, (_: void) => ({ params: {} })) }),
    school: build.query({
      ...fromEndpoint(getSchool, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
  }),
});

export const { useCurrentUserQuery, useSchoolQuery } = schoolApi;
