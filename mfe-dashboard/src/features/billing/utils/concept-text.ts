import type { Concept, LateFee } from '@cuota/contracts/billing/concepts';
import { formatDate } from '@cuota/ui/dates';
import { centavosToDecimal, formatMoney } from '@cuota/ui/money';

/** "5 % mensual, tope $500.00, 3 días de gracia" and the like. */
export function lateFeeText(fee: LateFee | null): string {
  if (!fee) return 'Sin recargo';
  const grace = `${fee.grace_days} días de gracia`;
  if (fee.kind === 'FIXED') return `${formatMoney(fee.amount_centavos)}, ${grace}`;
  const percent = centavosToDecimal(fee.basis_points).replace(/\.00$/, '');
  const cap = fee.cap_centavos ? `, tope ${formatMoney(fee.cap_centavos)}` : '';
  return `${percent} % mensual${cap}, ${grace}`;
}

/** When it falls due: "2026-09 a 2027-06, día 10" or a date. */
export function dueText(concept: Concept): string {
  if (concept.due_on) return `Vence el ${formatDate(concept.due_on)}`;
  const first = concept.periods[0];
  const last = concept.periods.at(-1);
  return `${first === last ? first : `${first} a ${last}`}, día ${concept.due_day}`;
}
