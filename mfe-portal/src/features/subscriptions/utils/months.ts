import { formatPeriod } from '@cuota/ui/dates';

/** «noviembre 2026 a enero 2027 (3 meses)»: the months a subscription bills, in Spanish. */
export function monthsText(months: string[]): string {
  if (months.length === 0) return 'ningún mes';
  const first = formatPeriod(months[0]!);
  if (months.length === 1) return `${first} (1 mes)`;
  return `${first} a ${formatPeriod(months.at(-1)!)} (${months.length} meses)`;
}
