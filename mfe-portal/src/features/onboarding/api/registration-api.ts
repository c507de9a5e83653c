import {
  assignBillings,
  readGuardian,
  updateGuardian,
} from '@cuota/contracts/enrolment/endpoints/guardians';
import { readStudent, updateStudent } from '@cuota/contracts/enrolment/endpoints/students';
import type { GuardianChanges } from '@cuota/contracts/enrolment/guardian-profile';
import type { StudentChanges } from '@cuota/contracts/enrolment/student-detail';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** Each step shows its own refusals on its fields: no second message in the page's alert. */
const OWN_ERRORS = { showsOwnError: true };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['GuardianRecord', 'StudentRecord'] });

/** The guardian's own record and their children's, as the registration steps edit them. */
export const registrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    guardianRecord: build.query({
      ...fromEndpoint(readGuardian, (id: string) => ({ params: { id } })),
      providesTags: ['GuardianRecord'],
      extraOptions: OWN_ERRORS,
    }),
    saveGuardian: build.mutation({
      ...fromEndpoint(
        updateGuardian,
        ({ id, changes }: { id: string; changes: GuardianChanges }) => ({
          params: { id },
          body: changes,
        }),
      ),
      invalidatesTags: ['GuardianRecord'],
      extraOptions: OWN_ERRORS,
    }),
    studentRecord: build.query({
      ...fromEndpoint(readStudent, (id: string) => ({ params: { id } })),
      providesTags: ['StudentRecord'],
      extraOptions: OWN_ERRORS,
    }),
    saveStudent: build.mutation({
      ...fromEndpoint(
        updateStudent,
        ({ id, changes }: { id: string; changes: StudentChanges }) => ({
          params: { id },
          body: changes,
        }),
      ),
      invalidatesTags: ['StudentRecord'],
      extraOptions: OWN_ERRORS,
    }),
    /** These children's invoices go to this guardian (guardian.me shows it once enrolment says so). */
    billTo: build.mutation({
      ...fromEndpoint(
        assignBillings,
        ({ guardianId, studentIds }: { guardianId: string; studentIds: string[] }) => ({
          params: {},
          body: {
            assignments: studentIds.map((id) => ({ student_id: id, guardian_id: guardianId })),
          },
        }),
      ),
      extraOptions: OWN_ERRORS,
    }),
  }),
});

export const {
  useGuardianRecordQuery,
  useSaveGuardianMutation,
  useStudentRecordQuery,
  useSaveStudentMutation,
  useBillToMutation,
} = registrationApi;
