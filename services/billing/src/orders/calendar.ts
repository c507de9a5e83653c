/**
 * Calendar dates (`AAAA-MM-DD`) as Mexico City reads them. Arithmetic is done on UTC
 * midnights, so no daylight-saving change can shift a day.
 */
const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
const toDate = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return toDate(d);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export const daysBetween = (from: string, to: string) =>
  Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);

/** The same day `months` later, or the month's last day when it has no such day. */
export function addMonths(date: string, months: number): string {
  const d = toUtc(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return toDate(d);
}

/** The due date of a period (`AAAA-MM`) on its due day. */
export const dueOnOf = (period: string, dueDay: number) =>
  `${period}-${String(dueDay).padStart(2, '0')}`;
