import { createTRPCUntypedClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { GENERIC_ERROR_MESSAGE } from '@cuota/web-core/api/api-error';

const TRPC_PATH = '/api/trpc';

// Untyped: the BFF's router type is not imported into the browser bundle. Every answer
// is parsed with the zod schema from @cuota/contracts instead.
const client = createTRPCUntypedClient<AnyRouter>({
  links: [
    httpBatchLink({
      url: TRPC_PATH,
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

/** A procedure's definition names it by its path: `/api/trpc/guardian.me`. */
function procedureOf(endpoint: AnyEndpoint): string {
  const prefix = `${TRPC_PATH}/`;
  if (!endpoint.path.startsWith(prefix)) throw new Error(`${endpoint.name} is not a procedure`);
  return endpoint.path.slice(prefix.length);
}

/**
 * Runs a tRPC query (batched with others of the same tick) for an RTK Query `queryFn`:
 * the procedure and the schema of its answer come from its definition.
 */
export async function trpcQuery<S extends z.ZodType>(
  endpoint: AnyEndpoint & { response: S },
): Promise<QueryResult<z.infer<S>>> {
  try {
    return { data: endpoint.response.parse(await client.query(procedureOf(endpoint))) };
  } catch (error) {
    return { error: toQueryError(error) };
  }
}
