import { createHmac } from 'node:crypto';
import {
  RETRY_NOTIFICATION_ACTION,
  slackInteraction,
} from '@cuota/contracts/notifications/slack-interaction';
import {
  TEST_SLACK_SIGNING_SECRET,
  type NotificationsTestSystem,
} from './notifications-test-system';

/** A block_actions payload as Slack posts it when someone presses an alert's «Reintentar». */
export const pressed = (notificationId: string) =>
  new URLSearchParams({
    payload: JSON.stringify({
      type: 'block_actions',
      user: { id: 'U024BE7LH', username: 'operaciones' },
      actions: [{ action_id: RETRY_NOTIFICATION_ACTION, value: notificationId }],
    }),
  }).toString();

/** Slack's v0 signature headers of a body, at a time and with a secret (the tests' by default). */
export function slackSigned(body: string, at: Date, secret = TEST_SLACK_SIGNING_SECRET) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const hmac = createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
  return { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': `v0=${hmac}` };
}

/** Posts an interaction to the BFF's path, as Slack does (form-encoded). */
export const postInteraction = (
  system: NotificationsTestSystem,
  body: string,
  headers: Record<string, string>,
) =>
  system.webhook(slackInteraction.path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
