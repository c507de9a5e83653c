import { listStudentConcepts } from '@cuota/contracts/billing/endpoints/orders';
import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  assignBilling,
  guardianPortalUrl,
  listSchoolGuardians,
} from '@cuota/contracts/enrolment/endpoints/guardians';
import {
  changeStudentStatus,
  exportStudents,
  inactivateStudent,
  listStudentsByLevel,
  reactivateStudent,
  readStudent,
  studentFilterOptions,
  studentStatusHistory,
  updateStudent,
  uploadStudentPhoto,
} from '@cuota/contracts/enrolment/endpoints/students';
import type { StudentChanges } from '@cuota/contracts/enrolment/student-detail';
import { baseApi } from '@cuota/web-core/api/base-api';
import { endpointRequest, endpointUrl, fromEndpoint } from '@cuota/web-core/api/endpoint-request';
import { PAGE_SIZE, type ListParams, type StudentFilterValues } from '../utils/list-params';

export interface GuardianFilters {
  page: number;
  search?: string;
}

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['Students', 'Student', 'StudentStatusHistory', 'StudentOrders'],
});

/** Where the browser downloads the filtered list (a plain GET link: the session cookie rides). */
export function studentsExportUrl(schoolId: string, filters: StudentFilterValues): string {
  return endpointUrl(exportStudents, { params: { id: schoolId }, query: filters });
}

interface StatusChange {
  id: string;
  status: StudentStatus;
  reason: string;
}

/** The spec's two named moves have their own rows; every other move is our …/status/ row. */
function statusChangeRequest({ id, status, reason }: StatusChange) {
  const params = { id };
  const optionalReason = reason ? { reason } : {};
  if (status === 'inactive')
    return endpointRequest(inactivateStudent, { params, body: { reason } });
  if (status === 'active')
    return endpointRequest(reactivateStudent, { params, body: optionalReason });
  return endpointRequest(changeStudentStatus, { params, body: { status, ...optionalReason } });
}

export const studentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    studentsByLevel: build.query({
      ...fromEndpoint(
        listStudentsByLevel,
        ({ schoolId, params }: { schoolId: string; params: ListParams }) => ({
          params: { id: schoolId },
          query: { ...params, page_size: PAGE_SIZE },
        }),
      ),
      providesTags: ['Students'],
    }),
    studentFilters: build.query({
      ...fromEndpoint(studentFilterOptions, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['Students'],
    }),
    student: build.query({
      ...fromEndpoint(readStudent, (id: string) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Student', id }],
    }),
    /** PATCH with only the fields that changed; answers the whole record. */
    updateStudent: build.mutation({
      ...fromEndpoint(
        updateStudent,
        ({ id, changes }: { id: string; changes: StudentChanges }) => ({
          params: { id },
          body: changes,
        }),
      ),
      invalidatesTags: (_r, error, { id }) => (error ? [] : ['Students', { type: 'Student', id }]),
    }),
    /** Every status change of the student, newest first (capability row, students.read). */
    studentStatusHistory: build.query({
      ...fromEndpoint(studentStatusHistory, (id: string) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'StudentStatusHistory', id }],
    }),
    changeStudentStatus: build.mutation({
      query: statusChangeRequest,
      // All three rows answer the student as it now is.
      responseSchema: changeStudentStatus.response,
      invalidatesTags: (_r, _e, { id }) => [
        'Students',
        { type: 'Student', id },
        { type: 'StudentStatusHistory', id },
      ],
    }),
    uploadStudentPhoto: build.mutation({
      ...fromEndpoint(uploadStudentPhoto, ({ id, photo }: { id: string; photo: File }) => {
        const body = new FormData();
        body.append('photo', photo);
        return { params: { id }, body };
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Student', id }],
    }),
    assignBillingGuardian: build.mutation({
      ...fromEndpoint(
        assignBilling,
        ({ studentId, guardianId }: { studentId: string; guardianId: string }) => ({
          params: {},
          body: { student_id: studentId, guardian_id: guardianId },
        }),
      ),
      invalidatesTags: (_r, _e, { studentId }) => ['Students', { type: 'Student', id: studentId }],
    }),
    schoolGuardians: build.query({
      ...fromEndpoint(
        listSchoolGuardians,
        ({ schoolId, filters }: { schoolId: string; filters: GuardianFilters }) => ({
          params: { id: schoolId },
          query: { ...filters, page_size: PAGE_SIZE },
        }),
      ),
    }),
    /** The student's concepts with their orders (billing.read). */
    studentConcepts: build.query({
      ...fromEndpoint(listStudentConcepts, (id: string) => ({ params: { id } })),
      providesTags: ['StudentOrders'],
    }),
    guardianPortalUrl: build.query({
      ...fromEndpoint(
        guardianPortalUrl,
        ({ schoolId, guardianId }: { schoolId: string; guardianId: string }) => ({
          params: { id: schoolId, guardian: guardianId },
        }),
      ),
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
  useStudentConceptsQuery,
} = studentsApi;
