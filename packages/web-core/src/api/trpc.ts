import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { TRPC_PATH } from '@cuota/contracts/identity/shell-endpoints';
import { GENERIC_ERROR_MESSAGE } from '@cuota/web-core/api/api-error';
import { CSRF_HEADER, isCsrfRejection, withCsrfRetry } from '@cuota/web-core/api/csrf';

// The tRPC HTTP batch protocol: the queries asked in the same tick go out as one GET of
// TRPC_PATH/a,b?batch=1&input={} and the answer is an array, one `{ result: { data } }` or
// `{ error: { message, data: { code, httpStatus } } }` each; a mutation is a POST of its own
// (a batch of one, `{ "0": input }`) with the CSRF token.
// @trpc/client did the same for ~6 KB gz on every first screen. Every answer is parsed with
// the zod schema from @cuota/contracts (the BFF's router type is not in the browser).

interface TrpcErrorData {
  code?: string;
  httpStatus?: number;
}

/** A procedure that failed, as the BFF described it (or the network failure). */
class TrpcError extends Error {
  constructor(
    message: string,
    readonly data: TrpcErrorData | undefined,
  ) {
    super(message);
  }
}

interface Call {
  procedure: string;
  resolve: (data: unknown) => void;
  reject: (error: TrpcError) => void;
}

let waiting: Call[] = [];

type Answer = { result?: { data?: unknown }; error?: { message?: string; data?: TrpcErrorData } };

async function send(calls: Call[]): Promise<void> {
  const procedures = calls.map((c) => c.procedure).join(',');
  let answers: unknown;
  let status = 0;
  try {
    // Looked up per call so tests (and polyfills) can replace `fetch`.
    const response = await fetch(`${TRPC_PATH}/${procedures}?batch=1&input=%7B%7D`, {
      credentials: 'same-origin',
    });
    status = response.status;
    answers = await response.json().catch(() => undefined);
  } catch (error) {
    for (const call of calls) call.reject(new TrpcError(String(error), undefined));
    return;
  }
  calls.forEach((call, index) => {
    const answer = (Array.isArray(answers) ? answers[index] : undefined) as Answer | undefined;
    if (answer?.result) call.resolve(answer.result.data);
    else if (answer?.error)
      call.reject(new TrpcError(answer.error.message ?? GENERIC_ERROR_MESSAGE, answer.error.data));
    else call.reject(new TrpcError(`${TRPC_PATH}/${procedures} answered ${status}`, undefined));
  });
}

function query(procedure: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    waiting.push({ procedure, resolve, reject });
    if (waiting.length > 1) return;
    setTimeout(() => {
      const calls = waiting;
      waiting = [];
      void send(calls);
    });
  });
}

type QueryResult<T> = { data: T } | { error: FetchBaseQueryError };

function toQueryError(error: unknown): FetchBaseQueryError {
  if (error instanceof TrpcError) {
    const { data } = error;
    const body = { error: { code: data?.code ?? 'INTERNAL_SERVER_ERROR', message: error.message } };
    return data?.httpStatus
      ? { status: data.httpStatus, data: body }
      : { status: 'CUSTOM_ERROR', error: error.message, data: body };
  }
  return { status: 'CUSTOM_ERROR', error: GENERIC_ERROR_MESSAGE };
}

/** A procedure's definition names it by its path: TRPC_PATH/guardian.me. */
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
    return { data: endpoint.response.parse(await query(procedureOf(endpoint))) };
  } catch (error) {
    return { error: toQueryError(error) };
  }
}

/** Runs a tRPC mutation with its CSRF token; resolves with the procedure's data. */
export async function trpcMutation(endpoint: AnyEndpoint, input: unknown): Promise<unknown> {
  const url = `${TRPC_PATH}/${procedureOf(endpoint)}?batch=1`;
  const response = await withCsrfRetry(
    (csrfToken) =>
      fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrfToken },
        body: JSON.stringify({ 0: input }),
      }),
    async (sent) =>
      isCsrfRejection(
        sent.status,
        await sent
          .clone()
          .json()
          .catch(() => null),
      ),
  );
  const answers: unknown = await response.json().catch(() => undefined);
  const answer = (Array.isArray(answers) ? answers[0] : undefined) as Answer | undefined;
  if (answer?.result) return answer.result.data;
  throw new TrpcError(answer?.error?.message ?? GENERIC_ERROR_MESSAGE, answer?.error?.data);
}
