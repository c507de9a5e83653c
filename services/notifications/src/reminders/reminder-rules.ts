import type { NotificationChannel, ReminderKind } from '@cuota/contracts/notifications/entities';

/** A school's reminder schedule (ADR 0064); hours are America/Mexico_City's. */
export interface ReminderSchedule {
  enabled: boolean;
  /** Days before the due date; null: none before. */
  daysBefore: number | null;
  onDueDay: boolean;
  /** Days after the due date; null: none overdue. */
  daysOverdue: number | null;
  quietFrom: number;
  quietUntil: number;
  /** Each reminder goes once on each of these (ADR 0075). */
  channels: NotificationChannel[];
}

/** What a school without a schedule of its own gets. */
export const DEFAULT_SCHEDULE: ReminderSchedule = {
  enabled: true,
  daysBefore: 3,
  onDueDay: true,
  daysOverdue: 3,
  quietFrom: 21,
  quietUntil: 8,
  channels: ['MAIL'],
};

/** The demo school's (npm start): the default, by e-mail and WhatsApp (ADR 0103). */
export const DEMO_SCHEDULE: ReminderSchedule = {
  ...DEFAULT_SCHEDULE,
  channels: ['MAIL', 'WHATSAPP'],
};

const DAY_MS = 86_400_000;

/** `AAAA-MM-DD` plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The due dates reminded on `today`, each with its kind: n days ahead, today, n days ago. */
export function reminderTargets(
  schedule: ReminderSchedule,
  today: string,
): { kind: ReminderKind; dueOn: string }[] {
  if (!schedule.enabled) return [];
  const targets: { kind: ReminderKind; dueOn: string }[] = [];
  if (schedule.daysBefore !== null)
    targets.push({ kind: 'BEFORE_DUE', dueOn: addDays(today, schedule.daysBefore) });
  if (schedule.onDueDay) targets.push({ kind: 'DUE_TODAY', dueOn: today });
  if (schedule.daysOverdue !== null)
    targets.push({ kind: 'OVERDUE', dueOn: addDays(today, -schedule.daysOverdue) });
  return targets;
}

const MEXICO_CITY_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Mexico_City',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Minutes since midnight in Mexico City at an instant. */
function mexicoCityMinutes(at: Date): number {
  const [h, m] = MEXICO_CITY_TIME.format(at).split(':').map(Number);
  return h! * 60 + m!;
}

/** Whether an hour falls in the quiet hours (which may wrap past midnight; equal: none). */
export function isQuietHour(hour: number, from: number, until: number): boolean {
  if (from === until) return false;
  return from < until ? hour >= from && hour < until : hour >= from || hour < until;
}

/**
 * When the quiet hours around `now` end (the first minute a reminder may go out), or null
 * when `now` is not quiet. Minutes, not wall-clock dates, so no time-zone arithmetic.
 */
export function quietHoursEnd(
  schedule: Pick<ReminderSchedule, 'quietFrom' | 'quietUntil'>,
  now: Date,
): Date | null {
  const minutes = mexicoCityMinutes(now);
  if (!isQuietHour(Math.floor(minutes / 60), schedule.quietFrom, schedule.quietUntil)) return null;
  const wait = (schedule.quietUntil * 60 - minutes + 1440) % 1440;
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  return new Date(startOfMinute + wait * 60_000);
}

/** A reminder's unique key: never two for one order and guardian on one Mexico City day. */
export const reminderKey = (orderId: string, guardianId: string, day: string) =>
  `payment_reminder:${orderId}:${guardianId}:${day}`;
