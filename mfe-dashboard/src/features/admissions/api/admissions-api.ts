import type {
  AdmissionStatus,
  CreateLead,
  InscribeApplicant,
} from '@cuota/contracts/enrolment/admissions';
import {
  assignAdmissionConcepts,
  checkPayments,
  createLead,
  deleteAdmissionStudent,
  inscribeApplicant,
  inscriptionsBoard,
  promoteLead,
} from '@cuota/contracts/enrolment/endpoints/admissions';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Admissions'] });
const BOARD = [{ type: 'Admissions' as const, id: 'board' }];

/** Cards per request in each column of the board; "Mostrar más" asks for the next page. */
export const BOARD_PAGE_SIZE = 50;

export const admissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One column of the board (Interesados, Aspirantes or Inscritos). */
    inscriptions: build.query({
      ...fromEndpoint(
        inscriptionsBoard,
        ({
          schoolId,
          status,
          page,
          search,
        }: {
          schoolId: string;
          status: AdmissionStatus;
          page: number;
          search: string;
        }) => ({
          params: { id: schoolId },
          query: { status, page, page_size: BOARD_PAGE_SIZE, search },
        }),
      ),
      providesTags: BOARD,
    }),
    createLead: build.mutation({
      ...fromEndpoint(createLead, (lead: CreateLead) => ({ params: {}, body: lead })),
      invalidatesTags: BOARD,
    }),
    promoteLead: build.mutation({
      ...fromEndpoint(promoteLead, (id: string) => ({ params: { id }, body: {} })),
      invalidatesTags: BOARD,
    }),
    inscribe: build.mutation({
      ...fromEndpoint(
        inscribeApplicant,
        ({ id, body }: { id: string; body: InscribeApplicant }) => ({
          params: { id },
          body,
        }),
      ),
      invalidatesTags: BOARD,
    }),
    /** A mutation, not a query: a paid inscription moves the applicant to Inscritos. */
    checkPayments: build.mutation({
      ...fromEndpoint(checkPayments, (id: string) => ({ params: { id } })),
      invalidatesTags: (result) => (result?.status === 'active' ? BOARD : []),
    }),
    assignConcepts: build.mutation({
      ...fromEndpoint(
        assignAdmissionConcepts,
        ({ studentId, conceptIds }: { studentId: string; conceptIds: string[] }) => ({
          params: {},
          body: { student_id: studentId, concept_ids: conceptIds },
        }),
      ),
      invalidatesTags: BOARD,
    }),
    deleteAdmission: build.mutation({
      ...fromEndpoint(deleteAdmissionStudent, (id: string) => ({ params: { id } })),
      invalidatesTags: BOARD,
    }),
  }),
});

export const {
  useInscriptionsQuery,
  useCreateLeadMutation,
  usePromoteLeadMutation,
  useInscribeMutation,
  useCheckPaymentsMutation,
  useAssignConceptsMutation,
  useDeleteAdmissionMutation,
} = admissionsApi;
