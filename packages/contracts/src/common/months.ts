/** Calendar arithmetic on `AAAA-MM-DD` strings, in UTC so no time zone moves a day. */
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => iso(utc(date) + days * 86_400_000);

/** The first day of the month a date is in. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The previous month, whole: the faint line under this month's collections. */
export function lastMonth(today: string): { from: string; to: string } {
  const to = addDays(monthStart(today), -1);
  return { from: monthStart(to), to };
}

/** The day of the month (1–31) of a date. */
export const dayOfMonth = (date: string) => Number(date.slice(8, 10));

/** How many days the month of a date has. */
export const daysInMonth = (date: string) =>
  dayOfMonth(addDays(monthStart(addDays(monthStart(date), 31)), -1));

/**
 * The 1st to today's day (or that month's last, if shorter) of the month `months` before
 * today's: this month so far against the same days of another month.
 */
export function sameDaysMonthsBefore(today: string, months: number): { from: string; to: string } {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - months;
  const from = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  const day = Math.min(dayOfMonth(today), daysInMonth(from));
  return { from, to: `${from.slice(0, 8)}${String(day).padStart(2, '0')}` };
}
