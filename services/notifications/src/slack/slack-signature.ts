import { createHmac, timingSafeEqual } from 'node:crypto';

/** Slack's replay window: a request signed more than five minutes from now is refused. */
export const SLACK_TIMESTAMP_WINDOW_S = 5 * 60;

/**
 * Slack's request signing (v0): `v0=` + hex HMAC-SHA256, with the app's signing secret, of
 * `v0:<X-Slack-Request-Timestamp>:<raw body>`; the timestamp must be within the window.
 */
export function signedBySlack(
  signingSecret: string,
  request: { rawBody: Buffer; timestamp?: string; signature?: string },
  now: Date,
): boolean {
  const { rawBody, timestamp, signature } = request;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SLACK_TIMESTAMP_WINDOW_S) return false;
  const expected = Buffer.from(
    'v0=' +
      createHmac('sha256', signingSecret).update(`v0:${timestamp}:`).update(rawBody).digest('hex'),
  );
  const given = Buffer.from(signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
