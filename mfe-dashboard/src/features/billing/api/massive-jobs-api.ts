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
  MassiveAssignment,
  MassiveDisassignment,
  MassiveScholarship,
  MassiveSpecialDiscount,
} from '@cuota/contracts/billing/bulk-jobs';
import { listSchoolStudents } from '@cuota/contracts/enrolment/endpoints/students';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

// Massive assignments (ADR 0040): each POST answers the job; its page polls it.
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
      ...fromEndpoint(listMassiveJobs, (schoolId: string) => ({ params: { id: schoolId } })),
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
    /** The active students a job may take: the first 200 of the level (or the school). */
    activeStudents: build.query({
      ...fromEndpoint(
        listSchoolStudents,
        ({ schoolId, level }: { schoolId: string; level: EducationLevel | null }) => ({
          params: { id: schoolId },
          query: { status: 'active' as const, page_size: 200, ...(level ? { level } : {}) },
        }),
      ),
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
} = massiveJobsApi;
