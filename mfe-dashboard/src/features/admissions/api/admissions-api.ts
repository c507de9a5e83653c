import { z } from 'zod';
import {
  admissionStudentSchema,
  inscriptionPageSchema,
  paymentCheckSchema,
  type AdmissionStatus,
  type AdmissionStudent,
  type CreateLead,
  type InscribeApplicant,
  type PaymentCheck,
} from '@cuota/contracts/enrolment/admissions';
import { enrolmentLabelSchema } from '@cuota/contracts/enrolment/entities';
import { baseApi } from '@cuota/web-core/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Admissions'] });
const BOARD = [{ type: 'Admissions' as const, id: 'board' }];
const lead = (id: string) => `/v1/admissions/student_lead/${encodeURIComponent(id)}/`;

const inscribedSchema = admissionStudentSchema.extend({
  label: enrolmentLabelSchema,
  without_payment: z.boolean(),
});
const conceptsSchema = z.object({
  student_id: z.string(),
  changed: z.array(z.string()),
  concept_ids: z.array(z.string()),
});

export type InscriptionPage = z.infer<typeof inscriptionPageSchema>;

/** Cards per request in each column of the board; "Mostrar más" asks for the next page. */
export const BOARD_PAGE_SIZE = 50;

export const admissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One column of the board (Interesados, Aspirantes or Inscritos). */
    inscriptions: build.query<
      InscriptionPage,
      { schoolId: string; status: AdmissionStatus; page: number; search: string }
    >({
      query: ({ schoolId, status, page, search }) => {
        const params = new URLSearchParams({
          status,
          page: String(page),
          page_size: String(BOARD_PAGE_SIZE),
        });
        if (search) params.set('search', search);
        return `/v1/dashboard/schools/${encodeURIComponent(schoolId)}/inscriptions/?${params}`;
      },
      responseSchema: inscriptionPageSchema,
      providesTags: BOARD,
    }),
    createLead: build.mutation<AdmissionStudent, CreateLead>({
      query: (body) => ({ url: '/v1/admissions/create_lead/', method: 'POST', body }),
      responseSchema: admissionStudentSchema,
      invalidatesTags: BOARD,
    }),
    promoteLead: build.mutation<AdmissionStudent, string>({
      query: (id) => ({ url: `${lead(id)}applicant/`, method: 'POST', body: {} }),
      responseSchema: admissionStudentSchema,
      invalidatesTags: BOARD,
    }),
    inscribe: build.mutation<
      z.infer<typeof inscribedSchema>,
      { id: string; body: InscribeApplicant }
    >({
      query: ({ id, body }) => ({ url: `${lead(id)}inscribe/`, method: 'POST', body }),
      responseSchema: inscribedSchema,
      invalidatesTags: BOARD,
    }),
    /** A mutation, not a query: a paid inscription moves the applicant to Inscritos. */
    checkPayments: build.mutation<PaymentCheck, string>({
      query: (id) => `/v1/admissions/check_payments/${encodeURIComponent(id)}/`,
      responseSchema: paymentCheckSchema,
      invalidatesTags: (result) => (result?.status === 'active' ? BOARD : []),
    }),
    assignConcepts: build.mutation<
      z.infer<typeof conceptsSchema>,
      { studentId: string; conceptIds: string[] }
    >({
      query: ({ studentId, conceptIds }) => ({
        url: '/v1/admissions/assign_concepts/',
        method: 'POST',
        body: { student_id: studentId, concept_ids: conceptIds },
      }),
      responseSchema: conceptsSchema,
      invalidatesTags: BOARD,
    }),
    deleteAdmission: build.mutation<void, string>({
      query: (id) => ({
        url: `/v1/admissions/delete_student/${encodeURIComponent(id)}/`,
        method: 'DELETE',
      }),
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
