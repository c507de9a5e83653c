import { createHash } from 'node:crypto';

/**
 * The one hash of a request kept beside an idempotency key, in either form of ADR 0019 (the
 * `idempotency_keys` table or the key on the business row): SHA-256 of its canonical JSON.
 * Canonical JSON is `JSON.stringify` with every object's keys sorted, so field order does
 * not matter and everything else does (a list's order, `100` vs `'100'`). As in JSON, an
 * `undefined` field is left out (an optional field sent as undefined or not sent at all is the
 * same request), `undefined` in a list is `null`, and a Date is its ISO string. Stored hashes
 * depend on this form: changing it makes every stored key answer 422 to its own retry.
 */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
