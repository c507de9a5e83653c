/** Where Cuota's schools keep their calendar: due dates and "today" are Mexico City's. */
export const SCHOOL_TIME_ZONE = 'America/Mexico_City';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const dateFormats = {
  medium: new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'UTC' }),
};
const monthFormat = new Intl.DateTimeFormat('es-MX', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const instantFormat = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SCHOOL_TIME_ZONE,
});
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE });

/**
 * A calendar date (`2026-03-15`, a due date) as `15 mar 2026`. It names a day, not a
 * moment, so no time zone may move it to the day before.
 */
export function formatDate(calendarDate: string, style: 'medium' | 'long' = 'medium'): string {
  if (!CALENDAR_DATE.test(calendarDate)) throw new RangeError(`Not a date: ${calendarDate}`);
  return dateFormats[style].format(new Date(`${calendarDate}T00:00:00Z`));
}

/** A billing period (`2026-09`) as people say it: `septiembre 2026`. */
export function formatPeriod(period: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new RangeError(`Not a period: ${period}`);
  return monthFormat.format(new Date(`${period}-01T00:00:00Z`)).replace(' de ', ' ');
}

/** An instant (a timestamptz: a payment, a sign-in) as Mexico City saw it. */
export function formatInstant(instant: string | Date): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return instantFormat.format(date);
}

const timeOfDay = new Intl.DateTimeFormat('es-MX', {
  timeZone: SCHOOL_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** The time of day an instant was in Mexico City (`6:32 p.m.`), for a list of one day. */
export function formatTimeOfDay(instant: string): string {
  return timeOfDay.format(new Date(instant));
}

/** Today's calendar date in Mexico City (`YYYY-MM-DD`), what due dates compare with. */
export function todayInMexicoCity(now: Date = new Date()): string {
  return isoDay.format(now);
}
