import type { AdmissionStatus } from '@cuota/contracts/enrolment/admissions';
import { inscriptionsBoard } from '@cuota/contracts/enrolment/endpoints/admissions';
import { studentFilterOptions } from '@cuota/contracts/enrolment/endpoints/students';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/**
 * Inicio's enrolment figures, apart from the money ones: only roles without reports load
 * them (and the admissions contracts they bring), in a chunk of their own.
 */
export const enrolmentFiguresApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    homeStudentLevels: build.query({
      ...fromEndpoint(studentFilterOptions, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
    homeLeads: build.query({
      ...fromEndpoint(
        inscriptionsBoard,
        ({ schoolId, status }: { schoolId: string; status: AdmissionStatus }) => ({
          params: { id: schoolId },
          query: { status, page_size: 1 },
        }),
      ),
    }),
  }),
});

export const { useHomeStudentLevelsQuery, useHomeLeadsQuery } = enrolmentFiguresApi;
