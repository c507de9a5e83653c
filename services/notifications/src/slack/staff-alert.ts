import { RETRY_NOTIFICATION_ACTION } from '@cuota/contracts/notifications/slack-interaction';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { NotificationRow } from '../guardian-notifications/notification-repository';

/** How long the alert may take: the sender's pass should not wait on Slack. */
const ALERT_TIMEOUT_MS = 5_000;

/** A message of Slack's Block Kit as an incoming webhook takes it. */
export interface SlackMessage {
  text: string;
  blocks: object[];
}

/**
 * The message of a notification given up on (ADR 0094), in Slack's Block Kit: what failed,
 * to whom and why, and the «Reintentar» button the interaction webhook acts on.
 */
export function failedNotificationAlert(row: NotificationRow, attempts: number, error: string) {
  const text =
    `No se pudo enviar ${row.template} por ${row.channel} a ${row.recipient} ` +
    `(escuela ${row.schoolId}) tras ${attempts} intentos: ${error}`;
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: RETRY_NOTIFICATION_ACTION,
            value: row.id,
            text: { type: 'plain_text', text: 'Reintentar' },
          },
        ],
      },
    ],
  };
}

/**
 * Posts an alert to the operations channel's incoming webhook. Best effort: a Slack outage
 * is logged; what it announces stays visible where staff look (the dashboard's log of
 * notifications, Facturas, Dispersiones) either way.
 */
export async function postStaffAlert(
  webhookUrl: string,
  alert: SlackMessage,
  logger: Logger,
): Promise<void> {
  try {
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(alert),
      signal: AbortSignal.timeout(ALERT_TIMEOUT_MS),
    });
    if (!res.ok) logger.warn({ status: res.status }, 'slack alert refused');
  } catch (err) {
    logger.warn({ err }, 'slack alert not posted');
  }
}
