import type { AnyEndpoint, ParamsOf } from '@cuota/contracts/http/endpoint';
import { getCsrfToken as csrfEndpoint } from '@cuota/contracts/identity/shell-endpoints';
import { parseApiErrorBody } from '@cuota/web-core/api/api-error';
import { endpointUrl, fetchEndpoint } from '@cuota/web-core/api/endpoint-request';

export const CSRF_HEADER = 'x-csrf-token';
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const isMutating = (method: string | undefined) =>
  MUTATING_METHODS.has((method ?? 'GET').toUpperCase());

// One token per page (and per session: the BFF rotates the session at sign-in, so the
// auth helpers forget it then). Shared by every caller through this singleton module.
let token: Promise<string> | null = null;

const requestToken = async () => (await fetchEndpoint(csrfEndpoint, { params: {} })).csrfToken;

export function getCsrfToken(): Promise<string> {
  token ??= requestToken().catch((error: unknown) => {
    token = null;
    throw error;
  });
  return token;
}

export function forgetCsrfToken(): void {
  token = null;
}

/** The BFF's answer when the token is missing, stale or from another session. */
export const isCsrfRejection = (status: number | string, body: unknown) =>
  status === 403 && parseApiErrorBody(body)?.code === 'CSRF_INVALID';

/**
 * Sends a mutation with the CSRF token; when the BFF rejects the token (it expired, or
 * the session changed) fetches a fresh one and tries once more.
 */
export async function withCsrfRetry<T>(
  send: (csrfToken: string) => Promise<T>,
  rejected: (result: T) => boolean | Promise<boolean>,
): Promise<T> {
  const first = await send(await getCsrfToken());
  if (!(await rejected(first))) return first;
  forgetCsrfToken();
  return send(await getCsrfToken());
}

/** `fetch` for a form POST to one of the BFF's Auth.js-shaped endpoints, CSRF included. */
export function postForm<E extends AnyEndpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  fields: (csrfToken: string) => Record<string, string>,
) {
  return withCsrfRetry(
    (csrfToken) =>
      fetch(endpointUrl(endpoint, { params }), {
        method: endpoint.method,
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          [CSRF_HEADER]: csrfToken,
        },
        body: new URLSearchParams({ csrfToken, ...fields(csrfToken) }),
      }),
    async (response) =>
      response.status === 403 &&
      isCsrfRejection(
        response.status,
        await response
          .clone()
          .json()
          .catch(() => null),
      ),
  );
}
