import {
  blockActionsBody,
  slackSignatureHeaders,
} from '@cuota/infra/sandboxes/slack/slack-signature.ts';
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
  blockActionsBody(RETRY_NOTIFICATION_ACTION, notificationId);

/** Slack's v0 signature headers of a body, at a time and with a secret (the tests' by default). */
export const slackSigned = (body: string, at: Date, secret = TEST_SLACK_SIGNING_SECRET) =>
  slackSignatureHeaders(body, at, secret);

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
