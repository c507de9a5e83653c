import type { SenderSettings } from './sending/notification-sender';

/** What notifications needs besides every service's config; tests shorten the waits. */
export interface NotificationsSettings {
  /** How often the planner queues the day's reminders again (repeats write nothing). */
  plannerIntervalMs: number;
  sender: Omit<SenderSettings, 'portalUrl'>;
}

export const DEFAULT_NOTIFICATIONS_SETTINGS: NotificationsSettings = {
  plannerIntervalMs: 10 * 60_000,
  sender: { batch: 50, idleMs: 30_000 },
};
