import type { MonthFigures } from '@cuota/contracts/billing/month-figures';
import { EDUCATION_LEVEL_LABELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';

const percent = new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 1 });

/** Collected ÷ billed; null when nothing was billed (no rate to speak of). */
export function rateOf(billed: number, collected: number): number | null {
  return billed > 0 ? collected / billed : null;
}

/** `0.8125` → `81.3 %`; no rate → a dash. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));

export const levelLabel = (level: EducationLevel | null) =>
  level ? EDUCATION_LEVEL_LABELS[level] : 'Sin nivel';

/** The month's billing of every level added up. */
export function monthTotals(levels: MonthFigures['levels']) {
  const billed = levels.reduce((s, l) => s + l.billed_centavos, 0);
  const collected = levels.reduce((s, l) => s + l.collected_centavos, 0);
  return { billed, collected, rate: rateOf(billed, collected) };
}
