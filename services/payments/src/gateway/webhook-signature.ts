import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureVerdict = 'valid' | 'invalid' | 'stale';

export interface SignedDelivery {
  rawBody: Buffer;
  /** X-Kushki-Id: the delivery's UNIX time, in milliseconds or in seconds. */
  id: string | undefined;
  /** X-Kushki-Signature: hex HMAC-SHA256 of `<raw body>.<X-Kushki-Id>`. */
  signature: string | undefined;
  /** X-Kushki-SimpleSignature: hex HMAC-SHA256 of `<X-Kushki-Id>`; checked when sent. */
  simpleSignature?: string;
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
// Milliseconds since 2001-09-09 have 13 digits; seconds keep 10 digits until 2286.
const MS_DIGITS = 13;

/**
 * Kushki's webhook signature (ADR 0030), checked over the exact bytes received with a
 * constant-time comparison. X-Kushki-Id is "UNIX time" in the docs and milliseconds in
 * Kushki's sender (`new Date().getTime()`): 13 digits are read as milliseconds, up to 10 as
 * seconds. A delivery older or newer than `toleranceSeconds` is refused as stale even when
 * signed, so a captured notification cannot be replayed later; Kushki signs every retry
 * anew, so a retry is never stale.
 */
export function verifyKushkiSignature(
  delivery: SignedDelivery,
  secret: string,
  now: Date,
  toleranceSeconds: number,
): SignatureVerdict {
  const { id, signature, simpleSignature } = delivery;
  if (!id || !/^\d{1,13}$/.test(id) || !signature || !HEX_SHA256.test(signature)) return 'invalid';
  if (simpleSignature !== undefined && !HEX_SHA256.test(simpleSignature)) return 'invalid';
  const bodySigned = hmac(secret, Buffer.concat([delivery.rawBody, Buffer.from(`.${id}`)]));
  if (!timingSafeEqual(bodySigned, Buffer.from(signature, 'hex'))) return 'invalid';
  if (
    simpleSignature !== undefined &&
    !timingSafeEqual(hmac(secret, Buffer.from(id)), Buffer.from(simpleSignature, 'hex'))
  )
    return 'invalid';
  const sentAtMs = id.length === MS_DIGITS ? Number(id) : Number(id) * 1000;
  return Math.abs(now.getTime() - sentAtMs) > toleranceSeconds * 1000 ? 'stale' : 'valid';
}

const hmac = (secret: string, data: Buffer) => createHmac('sha256', secret).update(data).digest();
