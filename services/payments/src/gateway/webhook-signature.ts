import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureVerdict = 'valid' | 'invalid' | 'stale';

export interface SignedDelivery {
  rawBody: Buffer;
  /** X-Kushki-Id: the delivery's UNIX time in seconds. */
  id: string | undefined;
  /** X-Kushki-Signature: hex HMAC-SHA256 of `<raw body>.<X-Kushki-Id>`. */
  signature: string | undefined;
}

/**
 * Kushki's webhook signature (mexico.md §3.9), checked over the exact bytes received with a
 * constant-time comparison. A delivery older or newer than `toleranceSeconds` is refused as
 * stale even when signed: a captured notification cannot be replayed later.
 */
export function verifyKushkiSignature(
  delivery: SignedDelivery,
  secret: string,
  now: Date,
  toleranceSeconds: number,
): SignatureVerdict {
  const { id, signature } = delivery;
  if (!id || !/^\d{1,12}$/.test(id) || !signature || !/^[0-9a-fA-F]{64}$/.test(signature))
    return 'invalid';
  const expected = createHmac('sha256', secret)
    .update(Buffer.concat([delivery.rawBody, Buffer.from(`.${id}`, 'utf8')]))
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  const ageSeconds = Math.abs(now.getTime() / 1000 - Number(id));
  return ageSeconds > toleranceSeconds ? 'stale' : 'valid';
}
