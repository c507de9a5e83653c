import { createHash } from 'node:crypto';
import { HttpError } from '@cuota/service-runtime/http/http-error';

/** Canonical JSON (keys sorted at every level), so equal requests hash equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The hash stored beside an Idempotency-Key: which request the key was first used for. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonical(value)).digest('hex');
}

/** The same key with another request: 422, nothing written. */
export function assertSameRequest(storedHash: string, hash: string): void {
  if (storedHash !== hash)
    throw new HttpError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'Esta clave de idempotencia ya se usó para otra solicitud. Usa una clave nueva para una operación nueva.',
    );
}
