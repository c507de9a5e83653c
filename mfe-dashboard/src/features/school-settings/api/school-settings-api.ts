import { schoolDetailSchema, type SchoolDetail } from '@cuota/contracts/enrolment/schools';
import { baseApi } from '@cuota/web-core/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['SchoolDetail'] });

export const schoolSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    schoolDetail: build.query<SchoolDetail, string>({
      query: (schoolId) => `/v1/schools/${encodeURIComponent(schoolId)}/`,
      responseSchema: schoolDetailSchema,
      providesTags: (_r, _e, schoolId) => [{ type: 'SchoolDetail', id: schoolId }],
    }),
    /** Multipart: the form's fields plus an optional `logo` file. */
    updateSchool: build.mutation<SchoolDetail, { schoolId: string; form: FormData }>({
      query: ({ schoolId, form }) => ({
        url: `/v1/dashboard/schools/${encodeURIComponent(schoolId)}/`,
        method: 'PATCH',
        body: form,
      }),
      responseSchema: schoolDetailSchema,
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'SchoolDetail', id: schoolId }],
    }),
  }),
});

export const { useSchoolDetailQuery, useUpdateSchoolMutation } = schoolSettingsApi;
