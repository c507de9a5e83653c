/**
 * Dates for people (es-MX) on printed documents, always in Mexico City time: a receipt
 * printed on a server in UTC must still show the day the family paid.
 */
const MEXICO_CITY = 'America/Mexico_City';

const dateFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: MEXICO_CITY,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('es-MX', {
  timeZone: MEXICO_CITY,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "5 de marzo de 2026". */
export function formatMexicoDate(date: Date): string {
  return dateFormat.format(date);
}

/** "5 de marzo de 2026, 11:21 h" (Mexico City). */
export function formatMexicoDateTime(date: Date): string {
  return `${dateFormat.format(date)}, ${timeFormat.format(date)} h`;
}

/** "2026-03" → "marzo de 2026": a monthly fee's period as people say it. */
export function formatPeriod(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) throw new RangeError(`No es un periodo AAAA-MM: ${period}`);
  const month = new Intl.DateTimeFormat('es-MX', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  );
  return `${month} de ${match[1]}`;
}
