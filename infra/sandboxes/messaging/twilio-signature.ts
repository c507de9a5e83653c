import { createHmac } from 'node:crypto';

/**
 * How Twilio signs a webhook (X-Twilio-Signature): base64 HMAC-SHA1, with the account's auth
 * token, of the URL it calls followed by each form field's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, fields: URLSearchParams): string {
  const sorted = [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data).digest('base64');
}
