import {
  createBillRun,
  getBillRun,
  previewBillRun,
} from '@cuota/contracts/billing/endpoints/bill-runs';
import {
  autoAssignConcept,
  createConcept,
  createConceptBatch,
  deleteConcept,
  listSchoolConcepts,
  replaceConcept,
} from '@cuota/contracts/billing/endpoints/concepts';
import type { BillRunPreviewQuery, CreateBillRun } from '@cuota/contracts/billing/bill-runs';
import type {
  CreateConcept,
  CreateConceptBatch,
  UpdateConcept,
} from '@cuota/contracts/billing/concepts';
import { listCycles } from '@cuota/contracts/enrolment/endpoints/cycles';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

// Concepts and bill runs; the due orders (Adeudos) are due-orders-api.ts, so that page loads
// none of these contracts. A bill run still refreshes them through the shared tag.
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Concepts', 'DueOrders'] });

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    concepts: build.query({
      ...fromEndpoint(listSchoolConcepts, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: ['Concepts'],
    }),
    /** The cycles a concept may belong to (enrolment's list; the Ciclos section has its own). */
    schoolCycles: build.query({
      ...fromEndpoint(listCycles, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
    createConcept: build.mutation({
      ...fromEndpoint(
        createConcept,
        ({ concept, idempotencyKey }: { concept: CreateConcept; idempotencyKey: string }) => ({
          params: {},
          body: concept,
          idempotencyKey,
        }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Concepts']),
    }),
    createConceptBatch: build.mutation({
      ...fromEndpoint(
        createConceptBatch,
        ({
          schoolId,
          batch,
          idempotencyKey,
        }: {
          schoolId: string;
          batch: CreateConceptBatch;
          idempotencyKey: string;
        }) => ({ params: { id: schoolId }, body: batch, idempotencyKey }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Concepts']),
    }),
    updateConcept: build.mutation({
      ...fromEndpoint(
        replaceConcept,
        ({ id, changes }: { id: string; changes: UpdateConcept }) => ({
          params: { id },
          body: changes,
        }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Concepts']),
    }),
    autoAssignConcept: build.mutation({
      ...fromEndpoint(
        autoAssignConcept,
        ({ schoolId, id, on }: { schoolId: string; id: string; on: boolean }) => ({
          params: { id: schoolId, concept: id },
          body: { auto_assign: on },
        }),
      ),
      invalidatesTags: (_r, error) => (error ? [] : ['Concepts', 'DueOrders']),
    }),
    deleteConcept: build.mutation({
      ...fromEndpoint(deleteConcept, (id: string) => ({ params: { id } })),
      invalidatesTags: (_r, error) => (error ? [] : ['Concepts']),
    }),
    createBillRun: build.mutation({
      ...fromEndpoint(
        createBillRun,
        ({ run, idempotencyKey }: { run: CreateBillRun; idempotencyKey: string }) => ({
          params: {},
          body: run,
          idempotencyKey,
        }),
      ),
      invalidatesTags: ['DueOrders', 'Concepts'],
    }),
    /** Read fresh each time the form asks: the school's students or orders may have moved. */
    billRunPreview: build.query({
      ...fromEndpoint(
        previewBillRun,
        ({ schoolId, query }: { schoolId: string; query: BillRunPreviewQuery }) => ({
          params: { id: schoolId },
          query,
        }),
      ),
      keepUnusedDataFor: 0,
    }),
    billRun: build.query({
      ...fromEndpoint(getBillRun, (id: string) => ({ params: { id } })),
    }),
  }),
});

export const {
  useConceptsQuery,
  useSchoolCyclesQuery,
  useAutoAssignConceptMutation,
  useCreateConceptMutation,
  useCreateConceptBatchMutation,
  useUpdateConceptMutation,
  useDeleteConceptMutation,
  useCreateBillRunMutation,
  useBillRunQuery,
  useLazyBillRunPreviewQuery,
} = billingApi;
