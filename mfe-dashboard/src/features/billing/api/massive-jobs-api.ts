import {
  cancelMassiveJob,
  createMassiveAssignment,
  createMassiveDisassignment,
  createMassiveScholarship,
  createMassiveSpecialDiscount,
  getMassiveJob,
  listMassiveJobs,
} from '@cuota/contracts/billing/endpoints/bulk-jobs';
import type {
  BulkJobListQuery,
  MassiveAssignment,
  MassiveDisassignment,
  MassiveScholarship,
  MassiveSpecialDiscount,
} from '@cuota/contracts/billing/bulk-jobs';
import {
  listSchoolStudents,
  studentFilterOptions,
} from '@cuota/contracts/enrolment/endpoints/students';
import type { StudentFilters } from '@cuota/contracts/enrolment/student-list';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

// Massive assignments (ADR 0040): each POST answers the job; its page polls it.

/** The most students the chooser lists at once: the list's largest page. */
export const ACTIVE_STUDENTS_SHOWN = 200;
export type ActiveStudentFilters = Pick<StudentFilters, 'level' | 'section_id' | 'search'>;
const api = baseApi.enhanceEndpoints({ addTagTypes: ['MassiveJobs', 'DueOrders'] });

type Create<B> = { schoolId: string; body: B; idempotencyKey: string };
const create = <B>({ schoolId, body, idempotencyKey }: Create<B>) => ({
  params: { id: schoolId },
  body,
  idempotencyKey,
});
const done = (_r: unknown, error: unknown) =>
  error ? [] : ['MassiveJobs' as const, 'DueOrders' as const];

export const massiveJobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    massiveJobs: build.query({
      ...fromEndpoint(
        listMassiveJobs,
        ({ schoolId, ...query }: { schoolId: string } & Partial<BulkJobListQuery>) => ({
          params: { id: schoolId },
          query,
        }),
      ),
      providesTags: ['MassiveJobs'],
    }),
    massiveJob: build.query({
      ...fromEndpoint(getMassiveJob, ({ schoolId, id }: { schoolId: string; id: string }) => ({
        params: { id: schoolId, job: id },
      })),
    }),
    assign: build.mutation({
      ...fromEndpoint(createMassiveAssignment, create<MassiveAssignment>),
      invalidatesTags: done,
    }),
    disassign: build.mutation({
      ...fromEndpoint(createMassiveDisassignment, create<MassiveDisassignment>),
      invalidatesTags: done,
    }),
    grantScholarships: build.mutation({
      ...fromEndpoint(createMassiveScholarship, create<MassiveScholarship>),
      invalidatesTags: done,
    }),
    grantDiscounts: build.mutation({
      ...fromEndpoint(createMassiveSpecialDiscount, create<MassiveSpecialDiscount>),
      invalidatesTags: done,
    }),
    cancelJob: build.mutation({
      ...fromEndpoint(cancelMassiveJob, ({ schoolId, id }: { schoolId: string; id: string }) => ({
        params: { id: schoolId, job: id },
      })),
      invalidatesTags: ['MassiveJobs'],
    }),
    /**
     * The active students a job may take: the first 200 that match the search (name or
     * matrícula, accents ignored: enrolment folds them), the level and the group.
     */
    activeStudents: build.query({
      ...fromEndpoint(
        listSchoolStudents,
        ({ schoolId, ...filters }: { schoolId: string } & ActiveStudentFilters) => ({
          params: { id: schoolId },
          query: { ...filters, status: 'active' as const, page_size: ACTIVE_STUDENTS_SHOWN },
        }),
      ),
    }),
    /** The school's levels and groups, with how many students each has: the chooser's filters. */
    studentChoices: build.query({
      ...fromEndpoint(studentFilterOptions, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
  }),
});

export const {
  useMassiveJobsQuery,
  useMassiveJobQuery,
  useAssignMutation,
  useDisassignMutation,
  useGrantScholarshipsMutation,
  useGrantDiscountsMutation,
  useCancelJobMutation,
  useActiveStudentsQuery,
  useStudentChoicesQuery,
} = massiveJobsApi;
