/**
 * Idempotency-Keys for the creates the user can repeat (ADR 0019): the same call, sent again
 * before an earlier one was answered (a double click, a retry after the network failed),
 * carries the same key, so the service makes one record and answers both alike. Once the
 * service answered, the next identical call is a new intent and gets a new key.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A key nobody settles (the page lost its answer) is dropped after this long. */
const FORGET_AFTER_MS = 10 * 60_000;

const unanswered = new Map<string, { key: string; at: number }>();

/** The key for a call (`signature`: method, URL and body); FormData bodies get a fresh one. */
export function idempotencyKeyFor(signature: string | null, now = Date.now()): string {
  for (const [call, entry] of unanswered)
    if (now - entry.at > FORGET_AFTER_MS) unanswered.delete(call);
  const open = signature === null ? undefined : unanswered.get(signature);
  if (open) return open.key;
  const key = crypto.randomUUID();
  if (signature !== null) unanswered.set(signature, { key, at: now });
  return key;
}

/** The service answered the call that carried `key`: an identical call later is a new one. */
export function settleIdempotencyKey(key: string): void {
  for (const [call, entry] of unanswered) if (entry.key === key) unanswered.delete(call);
}

/** What makes two calls the same call, or null when the body cannot be compared. */
export function callSignature(method: string, url: string, body: unknown): string | null {
  if (typeof FormData !== 'undefined' && body instanceof FormData) return null;
  return `${method} ${url} ${JSON.stringify(body ?? null)}`;
}
