import { whatsAppWebhook } from '@cuota/contracts/notifications/endpoints';
import { badRequest, conflict, unauthenticated } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { recordDelivery } from '../guardian-notifications/notification-repository';
import type { NotificationsDb } from '../notifications-db';
import { deliveryReportsOf, signedByMeta } from './status-webhook';
import type { WhatsAppSettings } from './whatsapp-settings';

export const BAD_WHATSAPP_SIGNATURE = 'La firma del aviso de WhatsApp no es válida.';
export const MESSAGE_NOT_YET_KNOWN = 'Aún no conocemos ese mensaje de WhatsApp: reintenta.';

/**
 * WhatsApp's status webhooks (ADR 0075): signed by the app secret over the raw body, each
 * status kept on the message it names. Meta may report a message before the sender committed
 * its id: a status of an unknown id is answered 409 so Meta delivers it again (keeping a
 * status twice changes nothing). Without a WhatsApp account every delivery is refused.
 */
export function whatsAppWebhookHandlers(db: NotificationsDb, settings?: WhatsAppSettings) {
  return [
    implement(whatsAppWebhook, async ({ rawBody, req }) => {
      const signature = req.get('x-hub-signature-256');
      if (!settings || !rawBody || !signedByMeta(settings.appSecret, rawBody, signature))
        throw unauthenticated(BAD_WHATSAPP_SIGNATURE);
      const reports = deliveryReportsOf(rawBody);
      if (!reports) throw badRequest('El aviso de WhatsApp no tiene la forma esperada.');
      let unknown = 0;
      for (const { messageId, report } of reports)
        if (!(await recordDelivery(db, messageId, report))) unknown += 1;
      if (unknown > 0) throw conflict(MESSAGE_NOT_YET_KNOWN);
      return { received: true as const };
    }),
  ];
}
