import { staffIdentitySchema, type StaffIdentity } from '@cuota/contracts/identity/sign-in';
import { schoolProfileSchema, type SchoolProfile } from '@cuota/contracts/identity/school-profile';
import { baseApi } from '@cuota/web-core/api/base-api';

export const schoolApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in staff member and the schools they work in. */
    currentUser: build.query<StaffIdentity, void>({
      query: () => '/v1/users/me/',
      responseSchema: staffIdentitySchema,
    }),
    school: build.query<SchoolProfile, string>({
      query: (schoolId) => `/v1/schools/${encodeURIComponent(schoolId)}/`,
      responseSchema: schoolProfileSchema,
    }),
  }),
});

export const { useCurrentUserQuery, useSchoolQuery } = schoolApi;
