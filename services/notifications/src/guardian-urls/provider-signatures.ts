import { createHmac, timingSafeEqual } from 'node:crypto';

const sameText = (given: string | undefined, expected: string) => {
  const [a, b] = [Buffer.from(given ?? ''), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Twilio's request validation: base64 HMAC-SHA1, with the auth token, of the URL Twilio
 * called followed by each form field's name and value, sorted by name.
 */
export function signedByTwilio(
  authToken: string,
  url: string,
  fields: URLSearchParams,
  header: string | undefined,
): boolean {
  const sorted = [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return sameText(header, createHmac('sha1', authToken).update(data).digest('base64'));
}

/**
 * Treble's webhook carries the token it was configured with in `X-Treble-Token` (not
 * Authorization: between the BFF and a service that header carries the caller's identity).
 */
export const signedByTreble = (token: string, header: string | undefined) =>
  sameText(header, token);
