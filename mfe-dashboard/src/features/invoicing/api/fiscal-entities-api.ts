import {
  listFiscalEntities,
  saveFiscalEntity,
} from '@cuota/contracts/invoicing/endpoints/fiscal-entities';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

export const fiscalEntitiesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['FiscalEntities'] })
  .injectEndpoints({
    endpoints: (build) => ({
      fiscalEntities: build.query({
        ...fromEndpoint(listFiscalEntities, (schoolId: string) => ({ params: { id: schoolId } })),
        providesTags: ['FiscalEntities'],
      }),
      /** Multipart: the entity's fields plus the CSD's `cer` and `key` files. */
      saveFiscalEntity: build.mutation({
        ...fromEndpoint(
          saveFiscalEntity,
          ({ schoolId, form }: { schoolId: string; form: FormData }) => ({
            params: { id: schoolId },
            body: form,
          }),
        ),
        invalidatesTags: ['FiscalEntities'],
        // The form says what went wrong in its own line (no page alert too).
        extraOptions: { showsOwnError: true },
      }),
    }),
  });

export const { useFiscalEntitiesQuery, useSaveFiscalEntityMutation } = fiscalEntitiesApi;
