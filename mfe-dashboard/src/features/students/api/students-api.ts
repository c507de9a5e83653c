import { z } from 'zod';
import {
  guardianPageSchema,
  guardianPortalUrlSchema,
  type GuardianPortalUrl,
} from '@cuota/contracts/enrolment/guardian-profile';
import {
  studentDetailSchema,
  type StudentChanges,
  type StudentDetail,
} from '@cuota/contracts/enrolment/student-detail';
import {
  studentFilterOptionsSchema,
  studentListPageSchema,
  type StudentFilterOptions,
  type StudentListPage,
} from '@cuota/contracts/enrolment/student-list';
import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  studentStatusHistorySchema,
  type StudentStatusChange,
} from '@cuota/contracts/enrolment/student-status';
import { baseApi } from '@cuota/web-core/api/base-api';
import { PAGE_SIZE, toQueryString, type ListParams } from '../utils/list-params';

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['Students', 'Student', 'StudentStatusHistory'],
});
const school = (schoolId: string) => `/v2/dashboard/schools/${encodeURIComponent(schoolId)}`;
const studentPath = (id: string) => `/v1/students/${encodeURIComponent(id)}/`;

/** Where the browser downloads the filtered list (a plain GET link: the session cookie rides). */
export function studentsExportUrl(schoolId: string, params: Omit<ListParams, 'page'>): string {
  const query = toQueryString(params);
  return `/api${school(schoolId)}/students_by_level/xlsx/${query ? `?${query}` : ''}`;
}

export const studentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentsByLevel: build.query<StudentListPage, { schoolId: string; params: ListParams }>({
      query: ({ schoolId, params }) =>
        `${school(schoolId)}/students_by_level/?${toQueryString(params)}&page_size=${PAGE_SIZE}`,
      responseSchema: studentListPageSchema,
      providesTags: ['Students'],
    }),
    studentFilters: build.query<StudentFilterOptions, string>({
      query: (schoolId) => `${school(schoolId)}/students_by_level/filters/`,
      responseSchema: studentFilterOptionsSchema,
      providesTags: ['Students'],
    }),
    student: build.query<StudentDetail, string>({
      query: studentPath,
      responseSchema: studentDetailSchema,
      providesTags: (_r, _e, id) => [{ type: 'Student', id }],
    }),
    /** PATCH with only the fields that changed; answers the whole record. */
    updateStudent: build.mutation<StudentDetail, { id: string; changes: StudentChanges }>({
      query: ({ id, changes }) => ({ url: studentPath(id), method: 'PATCH', body: changes }),
      responseSchema: studentDetailSchema,
      invalidatesTags: (_r, error, { id }) => (error ? [] : ['Students', { type: 'Student', id }]),
    }),
    /** Every status change of the student, newest first (capability row, students.read). */
    studentStatusHistory: build.query<StudentStatusChange[], string>({
      query: (id) => `/v1/dashboard/students/${encodeURIComponent(id)}/status_history/`,
      responseSchema: studentStatusHistorySchema,
      providesTags: (_r, _e, id) => [{ type: 'StudentStatusHistory', id }],
    }),
    changeStudentStatus: build.mutation<
      StudentDetail,
      { id: string; status: StudentStatus; reason: string }
    >({
      // The spec's two named moves use their own rows; the others our …/status/ row.
      query: ({ id, status, reason }) => {
        const base = `/v1/dashboard/students/${encodeURIComponent(id)}`;
        const body = reason ? { reason } : {};
        if (status === 'inactive') return { url: `${base}/inactivate/`, method: 'DELETE', body };
        if (status === 'active') return { url: `${base}/reactivate/`, method: 'PATCH', body };
        return { url: `${base}/status/`, method: 'POST', body: { status, ...body } };
      },
      responseSchema: studentDetailSchema,
      invalidatesTags: (_r, _e, { id }) => [
        'Students',
        { type: 'Student', id },
        { type: 'StudentStatusHistory', id },
      ],
    }),
    uploadStudentPhoto: build.mutation<StudentDetail, { id: string; photo: File }>({
      query: ({ id, photo }) => {
        const body = new FormData();
        body.append('photo', photo);
        return { url: `/v2/students/${encodeURIComponent(id)}/upload_photo/`, method: 'PUT', body };
      },
      responseSchema: studentDetailSchema,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Student', id }],
    }),
    assignBillingGuardian: build.mutation<unknown, { studentId: string; guardianId: string }>({
      query: ({ studentId, guardianId }) => ({
        url: '/v1/guardians/assign_billing/',
        method: 'PATCH',
        body: { student_id: studentId, guardian_id: guardianId },
      }),
      responseSchema: z.unknown(),
      invalidatesTags: (_r, _e, { studentId }) => ['Students', { type: 'Student', id: studentId }],
    }),
    schoolGuardians: build.query<
      z.infer<typeof guardianPageSchema>,
      { schoolId: string; search: string; page: number }
    >({
      query: ({ schoolId, search, page }) => {
        const query = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
        if (search) query.set('search', search);
        return `/v1/dashboard/schools/${encodeURIComponent(schoolId)}/guardians/?${query}`;
      },
      responseSchema: guardianPageSchema,
    }),
    guardianPortalUrl: build.query<GuardianPortalUrl, { schoolId: string; guardianId: string }>({
      query: ({ schoolId, guardianId }) =>
        `/v1/dashboard/schools/${encodeURIComponent(schoolId)}/guardians/${encodeURIComponent(guardianId)}/portal_url/`,
      responseSchema: guardianPortalUrlSchema,
    }),
  }),
});

export const {
  useStudentsByLevelQuery,
  useStudentFiltersQuery,
  useStudentQuery,
  useUpdateStudentMutation,
  useStudentStatusHistoryQuery,
  useChangeStudentStatusMutation,
  useUploadStudentPhotoMutation,
  useAssignBillingGuardianMutation,
  useSchoolGuardiansQuery,
  useLazyGuardianPortalUrlQuery,
} = studentsApi;
