import { createHmac } from 'node:crypto';

/**
 * How Slack signs a request to an app (v0): `X-Slack-Request-Timestamp` in seconds, and
 * `X-Slack-Signature` = `v0=` hex HMAC-SHA256, with the app's signing secret, of
 * `v0:<timestamp>:<raw body>`.
 */
export function slackSignatureHeaders(body: string, at: Date, signingSecret: string) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const hmac = createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex');
  return { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': `v0=${hmac}` };
}

/** The form body Slack posts when someone presses a message's button (`block_actions`). */
export const blockActionsBody = (actionId: string, value: string) =>
  new URLSearchParams({
    payload: JSON.stringify({
      type: 'block_actions',
      user: { id: 'U024BE7LH', username: 'operaciones' },
      actions: [{ action_id: actionId, value }],
    }),
  }).toString();
