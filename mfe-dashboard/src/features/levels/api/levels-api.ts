import {
  bulkDeleteSections,
  createSectionsFromForm,
  deleteSection,
  updateSectionFromForm,
} from '@cuota/contracts/enrolment/endpoints/sections';
import { deleteLevel, offerLevel, updateLevel } from '@cuota/contracts/enrolment/endpoints/levels';
import type {
  CreateLevel,
  SectionForm,
  SectionFormBatch,
  UpdateLevel,
} from '@cuota/contracts/enrolment/levels';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';
import { LEVELS_TAG } from '@cuota/web-core/api/school-levels-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: [LEVELS_TAG] });

const tags = (schoolId: string) => [{ type: LEVELS_TAG, id: schoolId }];

export const levelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    offerLevel: build.mutation({
      ...fromEndpoint(
        offerLevel,
        ({ schoolId, level }: { schoolId: string; level: CreateLevel }) => ({
          params: { id: schoolId },
          body: level,
        }),
      ),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    updateLevel: build.mutation({
      ...fromEndpoint(
        updateLevel,
        ({ schoolId, id, changes }: { schoolId: string; id: string; changes: UpdateLevel }) => ({
          params: { id: schoolId, level: id },
          body: changes,
        }),
      ),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    deleteLevel: build.mutation({
      ...fromEndpoint(deleteLevel, ({ schoolId, id }: { schoolId: string; id: string }) => ({
        params: { id: schoolId, level: id },
      })),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    addSections: build.mutation({
      ...fromEndpoint(createSectionsFromForm, (batch: SectionFormBatch) => ({
        params: {},
        body: batch,
      })),
      invalidatesTags: (_r, _e, batch) => tags(batch.school_id),
    }),
    updateSection: build.mutation({
      ...fromEndpoint(
        updateSectionFromForm,
        ({ id, form }: { schoolId: string; id: string; form: SectionForm }) => ({
          params: { id },
          body: form,
        }),
      ),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    deleteSection: build.mutation({
      ...fromEndpoint(deleteSection, ({ id }: { schoolId: string; id: string }) => ({
        params: { id },
      })),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    deleteSections: build.mutation({
      ...fromEndpoint(
        bulkDeleteSections,
        ({ schoolId, ids }: { schoolId: string; ids: string[] }) => ({
          params: {},
          body: { school_id: schoolId, section_ids: ids },
        }),
      ),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
  }),
});

export const {
  useOfferLevelMutation,
  useUpdateLevelMutation,
  useDeleteLevelMutation,
  useAddSectionsMutation,
  useUpdateSectionMutation,
  useDeleteSectionMutation,
  useDeleteSectionsMutation,
} = levelsApi;
