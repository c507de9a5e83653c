import { familyOnly, gatewayWebhook, staffOnly } from '@cuota/contracts/access/access';
import { pageSchema } from '@cuota/contracts/common/pagination';
import { defineEndpoint, uuidParams, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { COMMUNICATIONS_ENDPOINTS } from './communications';
import { REMINDER_RUN_ENDPOINTS } from './reminder-runs';
import { GUARDIAN_URL_CALLBACKS } from './guardian-url-callbacks';
import { slackInteraction } from './slack-interaction';
import { SHORT_LINK_ENDPOINTS } from './short-links';
import {
  guardianNotificationSchema,
  paymentReminderRequestSchema,
  paymentReminderResultSchema,
  reminderScheduleSchema,
  replaceGuardianNotificationSchema,
  saveReminderScheduleSchema,
  sentNotificationQuerySchema,
  sentNotificationSchema,
  updateGuardianNotificationSchema,
  whatsAppWebhookResultSchema,
} from './entities';

/** A notification of another family answers like one that does not exist. */
export const UNKNOWN_NOTIFICATION = 'No encontramos esa notificación.';

const guardianNotification = {
  domain: 'notifications',
  surface: 'portal',
  access: familyOnly(),
  spec: 'spec',
  params: uuidParams('id'),
  response: guardianNotificationSchema,
  notFound: UNKNOWN_NOTIFICATION,
} as const;

export const replaceGuardianNotification = defineEndpoint({
  ...guardianNotification,
  name: 'notifications.guardian-notification.replace',
  method: 'PUT',
  path: '/api/v1/guardian_notification/{id}/',
  summary: 'Reemplazar notificación del tutor (marcarla como abierta)',
  body: replaceGuardianNotificationSchema,
});

export const updateGuardianNotification = defineEndpoint({
  ...guardianNotification,
  name: 'notifications.guardian-notification.update',
  method: 'PATCH',
  path: '/api/v1/guardian_notification/{id}/',
  summary: 'Actualizar notificación del tutor (marcarla como abierta)',
  body: updateGuardianNotificationSchema,
});

export const openGuardianNotification = defineEndpoint({
  ...guardianNotification,
  name: 'notifications.guardian-notification.open',
  method: 'PUT',
  path: '/api/v1/guardian_notification/{id}/opened/',
  summary: 'Marcar una notificación como abierta',
});

/**
 * A school's own systems ask for payment reminders now, like the other internal rows (ADR
 * 0014): a staff session with `billing.write` in the school. Never two for an order a day.
 */
export const paymentReminder = defineEndpoint({
  name: 'notifications.payment-reminder.send',
  method: 'POST',
  path: '/api/v2/internal/schools/payment-reminder/',
  domain: 'notifications',
  surface: 'internal',
  access: staffOnly('billing.write'),
  spec: 'spec',
  summary: 'Enviar ahora recordatorios de pago de unas órdenes',
  body: paymentReminderRequestSchema,
  response: paymentReminderResultSchema,
  status: 202,
});

const reminderSchedule = {
  domain: 'notifications',
  surface: 'dashboard',
  path: '/api/v1/dashboard/schools/{schoolId}/reminder-schedule/',
  spec: {
    capability: 'Issue 22: cada escuela elige cuándo se recuerdan los pagos a sus familias.',
  },
  params: uuidParams('schoolId'),
  response: reminderScheduleSchema,
} as const;

/** The school's reminder schedule (its default when it saved none): whoever sees charges. */
export const getReminderSchedule = defineEndpoint({
  ...reminderSchedule,
  name: 'notifications.reminder-schedule.get',
  method: 'GET',
  access: staffOnly('billing.read'),
  summary: 'Cuándo se envían los recordatorios de pago de la escuela',
});

/** Whoever edits charges decides when families are reminded of them. */
export const saveReminderSchedule = defineEndpoint({
  ...reminderSchedule,
  name: 'notifications.reminder-schedule.save',
  method: 'PUT',
  access: staffOnly('billing.write'),
  summary: 'Guardar cuándo se envían los recordatorios de pago de la escuela',
  body: saveReminderScheduleSchema,
});

/**
 * WhatsApp Cloud API's status webhooks (ADR 0075): sent, delivered, read, failed of the
 * messages notifications sent, signed `X-Hub-Signature-256` over the raw body with the app
 * secret; a bad signature is 401. Ours: the spec names no WhatsApp callback.
 */
export const whatsAppWebhook = defineEndpoint({
  name: 'notifications.whatsapp.webhook',
  method: 'POST',
  path: '/api/v1/whatsapp/webhook/',
  domain: 'notifications',
  surface: 'webhook',
  access: gatewayWebhook(),
  spec: { capability: 'Issue 22: la entrega y lectura de cada WhatsApp enviado a una familia.' },
  summary: 'Estados de entrega de WhatsApp (firmados por Meta)',
  bodyType: 'raw',
  response: whatsAppWebhookResultSchema,
});

/** The school's log of what was sent to whom, newest first: whoever sees charges. */
export const schoolNotifications = defineEndpoint({
  name: 'notifications.school-notifications.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{schoolId}/notifications/',
  domain: 'notifications',
  surface: 'dashboard',
  access: staffOnly('billing.read'),
  spec: { capability: 'Issue 22: el registro de lo enviado a cada familia, con su estado.' },
  summary: 'Notificaciones enviadas a las familias de la escuela',
  params: uuidParams('schoolId'),
  query: sentNotificationQuerySchema,
  response: pageSchema(sentNotificationSchema),
});

export const NOTIFICATIONS_ENDPOINTS: readonly AnyEndpoint[] = [
  getReminderSchedule,
  saveReminderSchedule,
  replaceGuardianNotification,
  updateGuardianNotification,
  openGuardianNotification,
  paymentReminder,
  whatsAppWebhook,
  schoolNotifications,
  ...REMINDER_RUN_ENDPOINTS,
  ...COMMUNICATIONS_ENDPOINTS,
  ...SHORT_LINK_ENDPOINTS,
  ...GUARDIAN_URL_CALLBACKS,
  slackInteraction,
];
