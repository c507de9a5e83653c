import {
  getSchool,
  getSchoolPublicFace,
  updateSchool,
} from '@cuota/contracts/enrolment/endpoints/schools';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['SchoolDetail'] });
const tags = (schoolId: string) => [{ type: 'SchoolDetail' as const, id: schoolId }];

export const schoolSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    schoolDetail: build.query({
      ...fromEndpoint(getSchool, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: (_r, _e, schoolId) => tags(schoolId),
    }),
    /** Where the dashboard reads the school's own privacy notice (`privacy_notice`). */
    schoolPrivacyNotice: build.query({
      ...fromEndpoint(getSchoolPublicFace, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: (_r, _e, schoolId) => tags(schoolId),
    }),
    /** Multipart: the form's fields (or only some) plus an optional `logo` file. */
    updateSchool: build.mutation({
      ...fromEndpoint(updateSchool, ({ schoolId, form }: { schoolId: string; form: FormData }) => ({
        params: { id: schoolId },
        body: form,
      })),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
      // Both forms say what went wrong in their own line (no page alert too).
      extraOptions: { showsOwnError: true },
    }),
  }),
});

export const { useSchoolDetailQuery, useSchoolPrivacyNoticeQuery, useUpdateSchoolMutation } =
  schoolSettingsApi;
