/**
 * Kushki Mexico voids a sale online only on the day it was made, before 23:00 Mexico City
 * time (docs "Returns, cancellations, and refunds"); a later cancellation becomes a refund.
 */
const MEXICO_CITY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Mexico_City',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

function mexicoCityDayAndHour(ms: number): { day: string; hour: number } {
  const parts = Object.fromEntries(MEXICO_CITY.formatToParts(ms).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

export function stillVoidable(saleCreated: number, now: number): boolean {
  const sale = mexicoCityDayAndHour(saleCreated);
  const today = mexicoCityDayAndHour(now);
  return sale.day === today.day && today.hour < 23;
}
