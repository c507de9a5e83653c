import { z } from 'zod';
import {
  BAD_SLACK_PAYLOAD,
  BAD_SLACK_SIGNATURE,
  RETRY_NOTIFICATION_ACTION,
  slackInteraction,
} from '@cuota/contracts/notifications/slack-interaction';
import { badRequest, unauthenticated } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { retryFailed } from '../guardian-notifications/notification-repository';
import type { NotificationsDb } from '../notifications-db';
import { signedBySlack } from './slack-signature';

export const RETRY_QUEUED = 'Listo: el aviso se enviará de nuevo en unos momentos.';
export const NOTHING_TO_RETRY = 'Ese aviso ya no está fallido: no se reenvió.';

/** The part of Slack's `block_actions` payload we act on: who pressed which button. */
const blockActionsSchema = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id: z.string(), username: z.string().optional() }),
  actions: z
    .array(z.object({ action_id: z.literal(RETRY_NOTIFICATION_ACTION), value: z.uuid() }))
    .length(1),
});

function interactionOf(rawBody: Buffer) {
  try {
    const payload = new URLSearchParams(rawBody.toString('utf8')).get('payload');
    return blockActionsSchema.safeParse(JSON.parse(payload ?? '')).data;
  } catch {
    return undefined;
  }
}

/**
 * Slack's interactions (ADR 0094): a staff alert of a notification that failed for good
 * carries «Reintentar»; pressing it queues the notification again. Signed by Slack over the
 * raw body within five minutes; without the signing secret every call is refused.
 */
export function slackInteractionHandlers(
  db: NotificationsDb,
  signingSecret: string | undefined,
  deps: { now: () => Date; logger: Logger },
) {
  return [
    implement(slackInteraction, async ({ rawBody, req }) => {
      const request = {
        rawBody: rawBody ?? Buffer.alloc(0),
        timestamp: req.get('x-slack-request-timestamp'),
        signature: req.get('x-slack-signature'),
      };
      if (!signingSecret || !signedBySlack(signingSecret, request, deps.now()))
        throw unauthenticated(BAD_SLACK_SIGNATURE);
      const interaction = interactionOf(request.rawBody);
      if (!interaction) throw badRequest(BAD_SLACK_PAYLOAD);
      const notificationId = interaction.actions[0]!.value;
      const retried = await retryFailed(db, notificationId, deps.now());
      deps.logger.info({ notificationId, slackUser: interaction.user.id, retried }, 'slack retry');
      return { text: retried ? RETRY_QUEUED : NOTHING_TO_RETRY };
    }),
  ];
}
