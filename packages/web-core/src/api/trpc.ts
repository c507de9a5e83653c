import { createTRPCUntypedClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import { GENERIC_ERROR_MESSAGE } from '@cuota/web-core/api/api-error';

// Untyped: the BFF's router type is not imported into the browser bundle. Every answer
// is parsed with the zod schema from @cuota/contracts instead.
const client = createTRPCUntypedClient<AnyRouter>({
  links: [
    httpBatchLink({
      url: '/api/trpc',
      // Looked up per call so tests (and polyfills) can replace `fetch`.
      fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
    }),
  ],
});

type QueryResult<T> = { data: T } | { error: FetchBaseQueryError };

function toQueryError(error: unknown): FetchBaseQueryError {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number; code?: string } | undefined;
    const body = { error: { code: data?.code ?? 'INTERNAL_SERVER_ERROR', message: error.message } };
    return data?.httpStatus
      ? { status: data.httpStatus, data: body }
      : { status: 'CUSTOM_ERROR', error: error.message, data: body };
  }
  return { status: 'CUSTOM_ERROR', error: GENERIC_ERROR_MESSAGE };
}

/** Runs a tRPC query (batched with others of the same tick) for an RTK Query `queryFn`. */
export async function trpcQuery<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<QueryResult<z.infer<S>>> {
  try {
    return { data: schema.parse(await client.query(path)) };
  } catch (error) {
    return { error: toQueryError(error) };
  }
}
