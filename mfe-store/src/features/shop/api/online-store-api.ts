import { onlineStore, validateStock } from '@cuota/contracts/billing/endpoints/store';
import type { StockLine } from '@cuota/contracts/billing/store';
import { baseApi } from '@cuota/web-core/api/base-api';
import { fromEndpoint } from '@cuota/web-core/api/endpoint-request';

/** The school's public catalogue, and the stock check before paying (ADR 0062). */
export const onlineStoreApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    onlineStore: build.query({
      ...fromEndpoint(onlineStore, (schoolId: string) => ({ params: { id: schoolId } })),
    }),
    validateStock: build.mutation({
      ...fromEndpoint(
        validateStock,
        ({ schoolId, lines }: { schoolId: string; lines: StockLine[] }) => ({
          params: { id: schoolId },
          body: { lines },
        }),
      ),
    }),
  }),
});

export const { useOnlineStoreQuery, useValidateStockMutation } = onlineStoreApi;
