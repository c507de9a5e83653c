import {
  listEmbedOrigins,
  replaceEmbedOrigins,
} from '@cuota/contracts/enrolment/endpoints/schools';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

const SITES_TAG = 'EmbedSites' as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: [SITES_TAG] });

/** The school's sites allowed to embed its store (ADR 0066). */
export const embedSitesApi = api.injectEndpoints({
  endpoints: (build) => ({
    embedSites: build.query({
      ...fromEndpoint(listEmbedOrigins, (schoolId: string) => ({ params: { id: schoolId } })),
      providesTags: [SITES_TAG],
    }),
    saveEmbedSites: build.mutation({
      ...fromEndpoint(
        replaceEmbedOrigins,
        ({ schoolId, origins }: { schoolId: string; origins: string[] }) => ({
          params: { id: schoolId },
          body: { origins },
        }),
      ),
      extraOptions: { showsOwnError: true },
      invalidatesTags: (_r, error) => (error ? [] : [SITES_TAG]),
    }),
  }),
});

export const { useEmbedSitesQuery, useSaveEmbedSitesMutation } = embedSitesApi;
