import type { GuardianMe, PortalFeatures } from '@cuota/contracts/enrolment/responses';
import { featuresToggle, guardianMe } from '@cuota/contracts/identity/shell-endpoints';
import { baseApi } from '@cuota/web-core/api/base-api';
import { trpcQuery } from '@cuota/web-core/api/trpc';

/** The guardian procedures of /api/trpc (spec §7), shared by the shell and the portal. */
export const guardianApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    guardianMe: build.query<GuardianMe, void>({
      queryFn: () => trpcQuery(guardianMe),
    }),
    featuresToggle: build.query<PortalFeatures, void>({
      queryFn: () => trpcQuery(featuresToggle),
    }),
  }),
});

export const { useGuardianMeQuery, useFeaturesToggleQuery } = guardianApi;
