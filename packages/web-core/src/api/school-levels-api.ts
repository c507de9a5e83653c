import {
  levelsWithSectionsSchema,
  type LevelWithSections,
} from '@cuota/contracts/enrolment/levels';
import { baseApi } from '@cuota/web-core/api/base-api';

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
      levelsWithSections: build.query<LevelWithSections[], string>({
        query: (schoolId) => `/v1/dashboard/schools/${encodeURIComponent(schoolId)}/levels/`,
        responseSchema: levelsWithSectionsSchema,
        providesTags: (_r, _e, schoolId) => [{ type: LEVELS_TAG, id: schoolId }],
      }),
    }),
  });

export const { useLevelsWithSectionsQuery } = schoolLevelsApi;
