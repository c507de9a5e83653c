import type { CreateCycle } from '@cuota/contracts/enrolment/cycles';
import {
  activateCycle,
  checkCycleActivation,
  createCycle,
  listCycles,
} from '@cuota/contracts/enrolment/endpoints/cycles';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Cycles'] });
const tags = (schoolId: string) => [{ type: 'Cycles' as const, id: schoolId }];
type OneCycle = { schoolId: string; cycleId: string };
const oneCycle = ({ schoolId, cycleId }: OneCycle) => ({
  params: { id: schoolId, cycle: cycleId },
});

export const cyclesApi = api.injectEndpoints({
  endpoints: (build) => ({
    cycles: build.query({
      ...fromEndpoint(listCycles, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: (_r, _e, schoolId) => tags(schoolId),
    }),
    createCycle: build.mutation({
      ...fromEndpoint(
        createCycle,
        ({ schoolId, cycle }: { schoolId: string; cycle: CreateCycle }) => ({
          params: { id: schoolId },
          body: cycle,
        }),
      ),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    /** Asked fresh each time: what blocks activation changes with the school. */
    activationCheck: build.query({
      ...fromEndpoint(checkCycleActivation, oneCycle),
      keepUnusedDataFor: 0,
    }),
    activateCycle: build.mutation({
      ...fromEndpoint(activateCycle, oneCycle),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
  }),
});

export const {
  useCyclesQuery,
  useCreateCycleMutation,
  useActivationCheckQuery,
  useActivateCycleMutation,
} = cyclesApi;
