import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { CSRF_HEADER, isCsrfRejection, isMutating, withCsrfRetry } from '@cuota/web-core/api/csrf';
import { takeEarlyRead } from '@cuota/web-core/api/early-reads';
import { IDEMPOTENCY_KEY_HEADER, settleIdempotencyKey } from './idempotency-key';

/** A GET the shell already started for this page (early-reads.ts) takes that answer. */
function fetchOrTakeEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (input instanceof Request && input.method === 'GET') {
    const { pathname, search } = new URL(input.url);
    const early = takeEarlyRead(`${pathname}${search}`);
    if (early) return early;
  }
  return fetch(input, init);
}

// No base URL: every request's URL comes whole from its endpoint definition
// (endpoint-request.ts). fetch is looked up per request, not captured when the module
// loads (tests stub it later).
const rawBaseQuery = fetchBaseQuery({ credentials: 'same-origin', fetchFn: fetchOrTakeEarly });

const withToken = (args: FetchArgs, csrfToken: string): FetchArgs => ({
  ...args,
  headers: { ...(args.headers as Record<string, string> | undefined), [CSRF_HEADER]: csrfToken },
});

/** An endpoint's `extraOptions`. */
export interface RequestOptions {
  /**
   * The page shows this mutation's failure in its own form line, so the error middleware
   * does not show it again as the page alert (it still logs it).
   */
  showsOwnError?: boolean;
}

/** fetchBaseQuery on the page's origin (the BFF's), with the CSRF token on every mutation. */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  RequestOptions
> = async (args, api, extraOptions = {}) => {
  const request = typeof args === 'string' ? { url: args } : args;
  if (!isMutating(request.method)) return rawBaseQuery(request, api, extraOptions);
  const result = await mutate(request, api, extraOptions);
  // Answered (whatever the status): a repeat is a new intent. Unanswered: the key stays, so
  // a retry cannot make the record twice.
  const key = (request.headers as Record<string, string> | undefined)?.[IDEMPOTENCY_KEY_HEADER];
  if (key && typeof result.error?.status !== 'string') settleIdempotencyKey(key);
  // The rejected action carries this as `meta.baseQueryMeta` (error-alert-middleware.ts).
  return extraOptions.showsOwnError
    ? { ...result, meta: { ...result.meta, showsOwnError: true } }
    : result;
};

const mutate: BaseQueryFn<FetchArgs, unknown, FetchBaseQueryError> = async (
  request,
  api,
  extraOptions,
) => {
  try {
    return await withCsrfRetry(
      async (csrfToken) => rawBaseQuery(withToken(request, csrfToken), api, extraOptions),
      (result) => !!result.error && isCsrfRejection(result.error.status, result.error.data),
    );
  } catch (error) {
    // Only the token request itself can throw here: report it like any failed request.
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
};
