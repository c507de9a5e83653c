import type { RedeemInvitation } from '@cuota/contracts/enrolment/staff-users';
import { redeemInvitation as redeemEndpoint } from '@cuota/contracts/identity/endpoints';
import { GENERIC_ERROR_MESSAGE, parseApiErrorBody } from '@cuota/web-core/api/api-error';
import { CSRF_HEADER, isCsrfRejection, withCsrfRetry } from '@cuota/web-core/api/csrf';
import { endpointUrl } from '@cuota/web-core/api/endpoint-request';

export type RedeemResult = { ok: true } | { ok: false; message: string };

/** POST /api/auth/invitation: sets the password and signs in (the BFF answers the session). */
export async function redeemInvitation(input: RedeemInvitation): Promise<RedeemResult> {
  const response = await withCsrfRetry(
    (csrfToken) =>
      fetch(endpointUrl(redeemEndpoint, { params: {} }), {
        method: redeemEndpoint.method,
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
  if (response.ok) return { ok: true };
  const error = parseApiErrorBody(await response.json().catch(() => null));
  return { ok: false, message: error?.message ?? GENERIC_ERROR_MESSAGE };
}
