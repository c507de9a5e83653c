import type { SenderSettings } from './sending/notification-sender';
import type { CallbackSettings } from './guardian-urls/callback-settings';
import type { WhatsAppSettings } from './whatsapp/whatsapp-settings';
import type { SlackSettings } from './slack/slack-settings';

/** What notifications needs besides every service's config; tests shorten the waits. */
export interface NotificationsSettings {
  /** How often the planner queues the day's reminders again (repeats write nothing). */
  plannerIntervalMs: number;
  sender: Omit<SenderSettings, 'portalUrl'>;
  /** The WhatsApp account (ADR 0075); without it no WhatsApp is sent nor any webhook taken. */
  whatsapp?: WhatsAppSettings;
  /** The messaging providers' secrets for the guardian_url callbacks (ADR 0084). */
  callbacks?: CallbackSettings;
  /** The Slack app of the operations channel: failed notifications' alerts (ADR 0094). */
  slack?: SlackSettings;
}

export const DEFAULT_NOTIFICATIONS_SETTINGS: NotificationsSettings = {
  plannerIntervalMs: 10 * 60_000,
  sender: { batch: 50, idleMs: 30_000 },
};
