import path from 'node:path';
import type { ServiceConfig } from '@cuota/service-host/service-config';
import type { ServiceDefinition } from '@cuota/service-host/service-host';
import { createMailer } from '@cuota/service-runtime/mail/mailer';
import * as schema from './schema';
import { FAMILY_CONSUMER, familySubscriptions } from './families/family-consumers';
import { guardianNotificationHandlers } from './guardian-notifications/guardian-notification-handlers';
import {
  PAYIN_CONSUMER,
  REVERSAL_CONSUMER,
  payinSubscriptions,
  reversalSubscriptions,
} from './receipts/payin-consumer';
import { RECEIVABLE_CONSUMER, receivableSubscriptions } from './receivables/receivable-consumers';
import { paymentReminderHandlers } from './reminders/payment-reminder-handlers';
import { ReminderPlanner } from './reminders/reminder-planner';
import { reminderScheduleHandlers } from './reminders/reminder-schedule-handlers';
import { NotificationSender } from './sending/notification-sender';
import { pooledSmtpUrl } from './sending/pooled-smtp';
import { communicationsHandlers } from './communications/communications-handlers';
import { reminderRunHandlers } from './reminders/reminder-run-handlers';
import { shortLinkHandlers } from './short-links/short-link-handlers';
import { guardianUrlHandlers } from './guardian-urls/guardian-url-handlers';
import { whatsAppWebhookHandlers } from './whatsapp/whatsapp-webhook-handlers';
import { slackInteractionHandlers } from './slack/slack-interaction-handlers';
import {
  REFERENCE_CONSUMER,
  referenceSubscriptions,
} from './payment-references/reference-consumer';
import {
  BANK_REFUND_ALERT_CONSUMER,
  PAYOUT_ALERT_CONSUMER,
  STAMP_ALERT_CONSUMER,
  operationsAlertSubscriptions,
} from './slack/operations-alerts';
import {
  DEFAULT_NOTIFICATIONS_SETTINGS,
  type NotificationsSettings,
} from './notifications-settings';

/** Resolves to services/notifications/drizzle both from src/ (tests) and from dist/*.cjs. */
export const NOTIFICATIONS_MIGRATIONS = path.resolve(__dirname, '../drizzle');

const clockOf = (config: ServiceConfig) => config.now ?? (() => new Date());

/**
 * Notifications (ADR 0064): copies of enrolment's families, billing's receivables and
 * payments' payins feed payment reminders per school schedule and «pago recibido», sent by
 * e-mail and WhatsApp (ADR 0075; WhatsApp only with an account, WHATSAPP_*). Without SMTP (SMTP_URL, MAIL_FROM) and PUBLIC_URL nothing is planned or sent: the
 * copies and the guardians' endpoints still work.
 */
export function createNotificationsService(
  settings: NotificationsSettings = DEFAULT_NOTIFICATIONS_SETTINGS,
): ServiceDefinition<typeof schema> {
  return {
    name: 'notifications',
    schema,
    migrationsFolder: NOTIFICATIONS_MIGRATIONS,
    endpoints: (ctx) => [
      ...guardianNotificationHandlers(ctx.db, clockOf(ctx.config)),
      ...paymentReminderHandlers(ctx.db, clockOf(ctx.config)),
      ...reminderScheduleHandlers(ctx.db, clockOf(ctx.config)),
      ...reminderRunHandlers(ctx.db, clockOf(ctx.config)),
      ...communicationsHandlers(ctx.db, clockOf(ctx.config)),
      ...whatsAppWebhookHandlers(ctx.db, settings.whatsapp),
      ...shortLinkHandlers(ctx.db, clockOf(ctx.config)),
      ...guardianUrlHandlers(ctx.db, settings.callbacks ?? {}, {
        now: clockOf(ctx.config),
        publicUrl: ctx.config.publicUrl,
      }),
      ...slackInteractionHandlers(ctx.db, settings.slack?.signingSecret, {
        now: clockOf(ctx.config),
        logger: ctx.logger,
      }),
    ],
    consumers: (ctx) => {
      const alerts = operationsAlertSubscriptions(settings.slack?.alertsWebhookUrl, ctx.logger);
      return {
        [FAMILY_CONSUMER]: familySubscriptions(),
        [RECEIVABLE_CONSUMER]: receivableSubscriptions(ctx.nc, ctx.ns),
        [PAYIN_CONSUMER]: payinSubscriptions(clockOf(ctx.config)),
        [REVERSAL_CONSUMER]: reversalSubscriptions(clockOf(ctx.config)),
        [REFERENCE_CONSUMER]: referenceSubscriptions(clockOf(ctx.config)),
        [STAMP_ALERT_CONSUMER]: alerts.stamps,
        [PAYOUT_ALERT_CONSUMER]: alerts.payouts,
        [BANK_REFUND_ALERT_CONSUMER]: alerts.bankRefunds,
      };
    },
    extras: async (ctx) => {
      const { smtpUrl, mailFrom, publicUrl } = ctx.config;
      if (!smtpUrl || !mailFrom || !publicUrl) return async () => {};
      const mailer = createMailer(pooledSmtpUrl(smtpUrl), mailFrom);
      const now = clockOf(ctx.config);
      const planner = new ReminderPlanner(ctx.db, ctx.logger, settings.plannerIntervalMs, now);
      const sender = new NotificationSender(
        {
          db: ctx.db,
          nc: ctx.nc,
          ns: ctx.ns,
          mailer,
          whatsapp: settings.whatsapp,
          slackAlertsUrl: settings.slack?.alertsWebhookUrl,
          logger: ctx.logger,
          now,
        },
        { ...settings.sender, portalUrl: publicUrl },
      );
      planner.start();
      sender.start();
      return async () => {
        await Promise.all([planner.stop(), sender.stop()]);
        mailer.close();
      };
    },
  };
}

export const notificationsService = createNotificationsService();
