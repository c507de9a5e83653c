import { z } from 'zod';
import { gatewayWebhook } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';

export const BAD_SLACK_SIGNATURE = 'La firma de Slack no es válida o el aviso ya caducó.';
export const BAD_SLACK_PAYLOAD = 'La interacción de Slack no tiene la forma esperada.';

/** The button on a staff alert of a notification that failed for good (ADR 0094). */
export const RETRY_NOTIFICATION_ACTION = 'retry_notification';

/** What Slack shows the person who pressed the button. */
export const slackInteractionResultSchema = z.object({ text: z.string() });

/**
 * Slack's interaction webhook (form field `payload`, signed with X-Slack-Signature v0): the
 * staff's answer to an alert in Cuota's operations channel (ADR 0094).
 */
export const slackInteraction = defineEndpoint({
  name: 'notifications.slack.interaction',
  method: 'POST',
  path: '/api/v1/slack/interaction/',
  domain: 'notifications',
  surface: 'webhook',
  access: gatewayWebhook(),
  spec: 'spec',
  summary: 'Acciones del personal sobre las alertas de Slack (reintentar un envío fallido)',
  bodyType: 'raw',
  response: slackInteractionResultSchema,
});
