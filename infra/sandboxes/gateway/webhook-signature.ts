import { createHmac } from 'node:crypto';

/**
 * Kushki's webhook headers (docs "Webhooks"; Kushki's card service's NotificationService):
 * X-Kushki-Key is the merchant id, X-Kushki-Id the delivery's UNIX time in milliseconds,
 * X-Kushki-Signature the hex HMAC-SHA256 of `<raw body>.<X-Kushki-Id>` and
 * X-Kushki-SimpleSignature that of the X-Kushki-Id alone, both keyed with the merchant's
 * webhook signature.
 */
export function signedWebhookHeaders(
  merchantId: string,
  webhookSignature: string,
  rawBody: string,
  unixMs: number,
): Record<string, string> {
  const id = String(unixMs);
  const hmac = (text: string) => createHmac('sha256', webhookSignature).update(text).digest('hex');
  return {
    'content-type': 'application/json',
    'x-kushki-key': merchantId,
    'x-kushki-id': id,
    'x-kushki-signature': hmac(`${rawBody}.${id}`),
    'x-kushki-simplesignature': hmac(id),
  };
}
