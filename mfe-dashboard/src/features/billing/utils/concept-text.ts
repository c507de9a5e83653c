import {
  CONCEPT_TYPE_LABELS,
  VISIBILITY_LABELS,
  type Concept,
  type LateFee,
} from '@cuota/contracts/billing/concepts';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { formatDate } from '@cuota/ui/dates';
import { centavosToDecimal, formatMoney } from '@cuota/ui/money';

/** A table cell's two lines: what a bookkeeper scans for, then its terms. */
export interface CellText {
  main: string;
  note?: string;
}

/**
 * The name over "Colegiatura · Primaria" (what it is and whom it bills), then what is not the
 * default: who sees it when families do not, and automatic assignment to students who join.
 */
export function conceptText(concept: Concept): CellText {
  const level = concept.level ? EDUCATION_LEVEL_LABELS[concept.level] : 'todos los niveles';
  const notes = [CONCEPT_TYPE_LABELS[concept.concept_type], level];
  if (concept.visibility !== 'PUBLIC') notes.push(VISIBILITY_LABELS[concept.visibility]);
  if (concept.auto_assign) notes.push('asignación automática');
  return { main: concept.name, note: notes.join(' · ') };
}

/** "5 % mensual" over "tope $500.00 · 3 días de gracia", and the like. */
export function lateFeeText(fee: LateFee | null): CellText {
  if (!fee) return { main: 'Sin recargo' };
  const grace = `${fee.grace_days} días de gracia`;
  if (fee.kind === 'FIXED') return { main: formatMoney(fee.amount_centavos), note: grace };
  const percent = centavosToDecimal(fee.basis_points).replace(/\.00$/, '');
  const cap = fee.cap_centavos ? `tope ${formatMoney(fee.cap_centavos)} · ` : '';
  return { main: `${percent} % mensual`, note: `${cap}${grace}` };
}

const monthYear = new Intl.DateTimeFormat('es-MX', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-08" as "ago 2026". */
function shortPeriod(period: string): string {
  return monthYear.format(new Date(`${period}-01T00:00:00Z`)).replace('.', '');
}

/** When it falls due: "Día 10" over "ago 2026 a jun 2027", or one date. */
export function dueText(concept: Concept): CellText {
  if (concept.due_on) return { main: formatDate(concept.due_on) };
  const first = concept.periods[0]!;
  const last = concept.periods.at(-1)!;
  const span = first === last ? shortPeriod(first) : `${shortPeriod(first)} a ${shortPeriod(last)}`;
  return { main: `Día ${concept.due_day}`, note: span };
}
