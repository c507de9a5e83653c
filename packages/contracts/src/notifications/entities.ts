import { z } from 'zod';
import { pageQuerySchema } from '@cuota/contracts/common/pagination';

/** Spec §3 notification channels. */
export const NOTIFICATION_CHANNELS = ['MAIL', 'WHATSAPP'] as const;
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** What a notification says (ADR 0064); each has its e-mail in the notifications service. */
export const NOTIFICATION_TEMPLATES = [
  'payment_reminder',
  'payment_received',
  /** The internal run «onboarding»: finish signing up in the portal (ADR 0084). */
  'onboarding_reminder',
  /** The internal run «wrong_data»: fiscal data the SAT would refuse (ADR 0084). */
  'wrong_data_reminder',
  /** A store sale refunded because it sold out while the payment was confirmed (ADR 0092). */
  'store_refunded',
  /** A SPEI reference or cash voucher the family opened: how and until when to pay (ADR 0103). */
  'payment_reference',
] as const;
export const notificationTemplateSchema = z.enum(NOTIFICATION_TEMPLATES);
export type NotificationTemplate = z.infer<typeof notificationTemplateSchema>;

/** QUEUED → SENDING → SENT; CANCELED when paid before sending; FAILED when given up. */
export const NOTIFICATION_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'CANCELED', 'FAILED'] as const;
export const notificationStatusSchema = z.enum(NOTIFICATION_STATUSES);
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** Why a payment reminder goes out: the school's schedule, or staff asking now. */
export const REMINDER_KINDS = ['BEFORE_DUE', 'DUE_TODAY', 'OVERDUE', 'MANUAL'] as const;
export const reminderKindSchema = z.enum(REMINDER_KINDS);
export type ReminderKind = z.infer<typeof reminderKindSchema>;

/** A guardian notification as its guardian sees it. */
export const guardianNotificationSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  channel: notificationChannelSchema,
  template: notificationTemplateSchema,
  status: notificationStatusSchema,
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  opened_at: z.string().nullable(),
});
export type GuardianNotification = z.infer<typeof guardianNotificationSchema>;

/**
 * What a guardian may change on a notification: only that it was opened (an opened one stays
 * opened; `false` is refused rather than silently ignored).
 */
const openedField = z.literal(true, 'Solo se puede marcar la notificación como abierta.');
export const replaceGuardianNotificationSchema = z.strictObject({ opened: openedField });
export const updateGuardianNotificationSchema = z.strictObject({ opened: openedField.optional() });

/** POST /api/v2/internal/schools/payment-reminder/: remind these orders' families now. */
export const paymentReminderRequestSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  order_ids: z
    .array(z.uuid('Cada orden debe ser un identificador válido.'))
    .min(1, 'Elige al menos una orden.')
    .max(500, 'Como máximo 500 órdenes por solicitud.'),
});
export type PaymentReminderRequest = z.infer<typeof paymentReminderRequestSchema>;

export const paymentReminderResultSchema = z.object({
  /** Orders reminded now (each to its guardians with an e-mail). */
  queued: z.number().int().nonnegative(),
  /** Orders left out: unknown to notifications, paid, or already reminded today. */
  skipped_order_ids: z.array(z.string()),
});
export type PaymentReminderResult = z.infer<typeof paymentReminderResultSchema>;

const hourSchema = z
  .number('Escribe la hora como un número.')
  .int('Escribe la hora como un número entero.')
  .min(0, 'Las horas van de 0 a 23.')
  .max(23, 'Las horas van de 0 a 23.');

/**
 * When a school's families are reminded (ADR 0064): n days before the due date, on it, n days
 * after, never in the quiet hours (America/Mexico_City). A school that saved none has
 * 3 / on the day / 3, quiet from 21 to 8.
 */
export const saveReminderScheduleSchema = z.strictObject({
  enabled: z.boolean(),
  days_before: z
    .number()
    .int()
    .min(1, 'Los días antes del vencimiento van de 1 a 30.')
    .max(30, 'Los días antes del vencimiento van de 1 a 30.')
    .nullable(),
  on_due_day: z.boolean(),
  days_overdue: z
    .number()
    .int()
    .min(1, 'Los días después del vencimiento van de 1 a 60.')
    .max(60, 'Los días después del vencimiento van de 1 a 60.')
    .nullable(),
  quiet_from: hourSchema,
  quiet_until: hourSchema,
  /** How families are reminded (ADR 0075); a guardian without a phone gets no WhatsApp. */
  channels: z
    .array(notificationChannelSchema)
    .min(1, 'Elige al menos un canal: correo o WhatsApp.')
    .refine((c) => new Set(c).size === c.length, 'Cada canal una sola vez.')
    .default(['MAIL']),
});
export type SaveReminderSchedule = z.infer<typeof saveReminderScheduleSchema>;
export const reminderScheduleSchema = saveReminderScheduleSchema.extend({ school_id: z.string() });
export type ReminderScheduleView = z.infer<typeof reminderScheduleSchema>;

/**
 * What became of a notification as the dashboard shows it (ADR 0075): pending, sent, delivered,
 * read (a WhatsApp read, an e-mail opened through its link), failed, or canceled (paid first).
 */
export const DELIVERY_STATES = [
  'QUEUED',
  'SENT',
  'DELIVERED',
  'READ',
  'FAILED',
  'CANCELED',
] as const;
export const deliveryStateSchema = z.enum(DELIVERY_STATES, 'Elige un estado de la lista.');
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** One line of a school's log of what was sent to whom. */
export const sentNotificationSchema = z.object({
  id: z.string(),
  channel: notificationChannelSchema,
  template: notificationTemplateSchema,
  reminder_kind: reminderKindSchema.nullable(),
  guardian_id: z.string(),
  guardian_name: z.string(),
  recipient: z.string(),
  state: deliveryStateSchema,
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** WhatsApp's read, or the e-mail's link opened. */
  read_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const sentNotificationQuerySchema = pageQuerySchema.extend({
  state: deliveryStateSchema.optional(),
  channel: notificationChannelSchema.optional(),
  /** Part of the guardian's name, e-mail or phone. */
  search: z.string().trim().max(100, 'Busca con 100 caracteres como máximo.').optional(),
});
export type SentNotificationQuery = z.infer<typeof sentNotificationQuerySchema>;

/** POST /api/v1/whatsapp/webhook/ answers this to a signed delivery it took. */
export const whatsAppWebhookResultSchema = z.object({ received: z.literal(true) });
