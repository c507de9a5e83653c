import { getSchoolPublicFace } from '@cuota/contracts/enrolment/endpoints/schools';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** The school a store page is about, as anyone may know it (its public face). */
export const storeSchoolApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    schoolPublicFace: build.query({
      ...fromEndpoint(getSchoolPublicFace, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
  }),
});

export const { useSchoolPublicFaceQuery } = storeSchoolApi;
