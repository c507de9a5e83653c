import {
  levelSchema,
  sectionListSchema,
  sectionSchema,
  type CreateLevel,
  type Level,
  type Section,
  type SectionForm,
  type SectionFormBatch,
  type StaffLevel,
  staffLevelSchema,
  type UpdateLevel,
} from '@cuota/contracts/enrolment/levels';
import { baseApi } from '@cuota/web-core/api/base-api';
import { LEVELS_TAG } from '@cuota/web-core/api/school-levels-api';

const api = baseApi.enhanceEndpoints({ addTagTypes: [LEVELS_TAG] });

/** The academic-coordinator rows live at the site's root, not under /api. */
const coordinator = (path: string) =>
  new URL(`/academic-coordinator/sections/${path}`, window.location.origin).href;
const tags = (schoolId: string) => [{ type: LEVELS_TAG, id: schoolId }];

export const levelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    offerLevel: build.mutation<Level, { schoolId: string; level: CreateLevel }>({
      query: ({ schoolId, level }) => ({
        url: `/v1/schools/${encodeURIComponent(schoolId)}/levels/`,
        method: 'POST',
        body: level,
      }),
      responseSchema: levelSchema,
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    updateLevel: build.mutation<StaffLevel, { schoolId: string; id: string; changes: UpdateLevel }>(
      {
        query: ({ schoolId, id, changes }) => ({
          url: `/v1/schools/${encodeURIComponent(schoolId)}/levels/${encodeURIComponent(id)}/`,
          method: 'PATCH',
          body: changes,
        }),
        responseSchema: staffLevelSchema,
        invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
      },
    ),
    deleteLevel: build.mutation<unknown, { schoolId: string; id: string }>({
      query: ({ schoolId, id }) => ({
        url: `/v1/schools/${encodeURIComponent(schoolId)}/levels/${encodeURIComponent(id)}/`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    addSections: build.mutation<Section[], SectionFormBatch>({
      query: (batch) => ({ url: coordinator('form_data/'), method: 'POST', body: batch }),
      responseSchema: sectionListSchema,
      invalidatesTags: (_r, _e, batch) => tags(batch.school_id),
    }),
    updateSection: build.mutation<Section, { schoolId: string; id: string; form: SectionForm }>({
      query: ({ id, form }) => ({
        url: coordinator(`${encodeURIComponent(id)}/update_from_form/`),
        method: 'PUT',
        body: form,
      }),
      responseSchema: sectionSchema,
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    deleteSection: build.mutation<unknown, { schoolId: string; id: string }>({
      query: ({ id }) => ({ url: coordinator(`${encodeURIComponent(id)}/`), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { schoolId }) => tags(schoolId),
    }),
    deleteSections: build.mutation<unknown, { schoolId: string; ids: string[] }>({
      query: ({ schoolId, ids }) => ({
        url: coordinator('bulk_delete/'),
        method: 'POST',
        body: { school_id: schoolId, section_ids: ids },
      }),
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
