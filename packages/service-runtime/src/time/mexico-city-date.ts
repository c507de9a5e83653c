/** Built once: a DateTimeFormat costs far more to make than to use (9 % of billing's CPU). */
const MEXICO_CITY_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' });

/** The last minute asked for and its date: a service asks for today on every request. */
let kept = { minute: Number.NaN, day: '' };

/**
 * The calendar date (`AAAA-MM-DD`) in Mexico City at an instant, whatever the machine's zone.
 * Its day starts on a whole minute (zone offsets are whole minutes), so one formatting serves
 * every instant of the same minute (formatting per request was ~2 % of billing's CPU on
 * Adeudos, issue 16).
 */
export function mexicoCityDate(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== kept.minute) kept = { minute, day: MEXICO_CITY_DAY.format(at) };
  return kept.day;
}
