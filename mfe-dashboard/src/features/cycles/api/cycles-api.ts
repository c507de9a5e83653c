import {
  cycleActivationCheckSchema,
  cycleActivationSchema,
  schoolCycleListSchema,
  schoolCycleSchema,
  type CreateCycle,
  type CycleActivation,
  type CycleActivationCheck,
  type SchoolCycle,
} from '@cuota/contracts/enrolment/cycles';
import { baseApi } from '@cuota/web-core/api/base-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Cycles'] });
const cyclesPath = (schoolId: string) =>
  `/v1/dashboard/schools/${encodeURIComponent(schoolId)}/cycles/`;

export const cyclesApi = api.injectEndpoints({
  endpoints: (build) => ({
    cycles: build.query<SchoolCycle[], string>({
      query: cyclesPath,
      responseSchema: schoolCycleListSchema,
      providesTags: (_r, _e, schoolId) => [{ type: 'Cycles', id: schoolId }],
    }),
    createCycle: build.mutation<SchoolCycle, { schoolId: string; cycle: CreateCycle }>({
      query: ({ schoolId, cycle }) => ({ url: cyclesPath(schoolId), method: 'POST', body: cycle }),
      responseSchema: schoolCycleSchema,
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Cycles', id: schoolId }],
    }),
    /** Asked fresh each time: what blocks activation changes with the school. */
    activationCheck: build.query<CycleActivationCheck, { schoolId: string; cycleId: string }>({
      query: ({ schoolId, cycleId }) =>
        `${cyclesPath(schoolId)}${encodeURIComponent(cycleId)}/validate_activate/`,
      responseSchema: cycleActivationCheckSchema,
      keepUnusedDataFor: 0,
    }),
    activateCycle: build.mutation<CycleActivation, { schoolId: string; cycleId: string }>({
      query: ({ schoolId, cycleId }) => ({
        url: `${cyclesPath(schoolId)}${encodeURIComponent(cycleId)}/activate/`,
        method: 'POST',
      }),
      responseSchema: cycleActivationSchema,
      invalidatesTags: (_r, _e, { schoolId }) => [{ type: 'Cycles', id: schoolId }],
    }),
  }),
});

export const {
  useCyclesQuery,
  useCreateCycleMutation,
  useActivationCheckQuery,
  useActivateCycleMutation,
} = cyclesApi;
