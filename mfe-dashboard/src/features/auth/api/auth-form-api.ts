import type { z } from 'zod';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { GENERIC_ERROR_MESSAGE, parseApiErrorBody } from '@cuota/web-core/api/api-error';
import { CSRF_HEADER, isCsrfRejection, withCsrfRetry } from '@cuota/web-core/api/csrf';
import { endpointUrl } from '@cuota/web-core/api/endpoint-request';

export type AuthFormResult = { ok: true; body: unknown } | { ok: false; message: string };

type BodyOf<E extends AnyEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/**
 * Posts a signed-out form of the BFF's /api/auth/* (invitation, password reset) as JSON with
 * the CSRF token; a refused token is fetched again once. A refusal comes back as its Spanish
 * message.
 */
export async function postAuthForm<E extends AnyEndpoint>(
  endpoint: E,
  input: BodyOf<E>,
): Promise<AuthFormResult> {
  const response = await withCsrfRetry(
    (csrfToken) =>
      fetch(endpointUrl(endpoint, { params: {} as never }), {
        method: endpoint.method,
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          [CSRF_HEADER]: csrfToken,
        },
        body: JSON.stringify(input),
      }),
    async (res) =>
      isCsrfRejection(
        res.status,
        await res
          .clone()
          .json()
          .catch(() => null),
      ),
  );
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, body };
  return { ok: false, message: parseApiErrorBody(body)?.message ?? GENERIC_ERROR_MESSAGE };
}
