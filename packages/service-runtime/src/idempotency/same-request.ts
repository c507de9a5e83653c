import { HttpError } from '../http/http-error';

/** The one answer to a key sent again with another request, whichever form holds the key. */
export const keyReusedError = () =>
  new HttpError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'Esta clave Idempotency-Key ya se usó para otra solicitud. Usa una clave nueva para cada operación distinta.',
  );

/**
 * Refuses a request whose hash is not the one stored with its key; nothing is written.
 * `refuse` replaces the 422 where the key is the service's own, not a caller's (a ledger
 * posting keyed by its business event: another request there is a defect, not a retry).
 */
export function assertSameRequest(
  storedHash: string,
  hash: string,
  refuse: () => Error = keyReusedError,
): void {
  if (storedHash !== hash) throw refuse();
}
