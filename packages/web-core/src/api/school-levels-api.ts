import { listStaffLevels } from '@cuota/contracts/enrolment/endpoints/levels';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** Tag of a school's levels and groups: the dashboard's level edits invalidate it. */
export const LEVELS_TAG = 'Levels' as const;

/**
 * A school's levels with their groups, read by more than one dashboard feature (the levels
 * screen, the student form's level and group pickers).
 */
export const schoolLevelsApi = baseApi
  .enhanceEndpoints({ addTagTypes: [LEVELS_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      levelsWithSections: build.query({
        ...fromEndpoint(listStaffLevels, (schoolId: string) => ({ params: { id: schoolId } })),
        providesTags: (_r, _e, schoolId) => [{ type: LEVELS_TAG, id: schoolId }],
      }),
    }),
  });

export const { useLevelsWithSectionsQuery } = schoolLevelsApi;
