import type { PreferenceItem, PreferenceValidation } from '@cuota/contracts/payments/preferences';
import { formatPesos } from '@cuota/documents/money-format';

/** What one order owes now (base and late fee), as checkout would price it. */
export interface OwedNow {
  base: number;
  lateFee: number;
}

const labelOf = (item: PreferenceItem) =>
  item.period ? `${item.concept_name} (${item.period})` : item.concept_name;

/** Why an order no longer owes what the preference quoted, in Spanish; null when it does. */
function reasonFor(item: PreferenceItem, now: OwedNow | undefined): string | null {
  const quoted = item.base_centavos + item.late_fee_centavos;
  if (!now || now.base + now.lateFee === 0)
    return `${labelOf(item)} ya no tiene saldo pendiente: se pagó o se canceló.`;
  const owed = now.base + now.lateFee;
  if (owed === quoted) return null;
  const why =
    now.base === item.base_centavos
      ? now.lateFee > item.late_fee_centavos
        ? ' por recargos'
        : ' por un ajuste de recargos'
      : '';
  return `El monto de ${labelOf(item)} cambió de ${formatPesos(quoted)} a ${formatPesos(owed)}${why}.`;
}

/**
 * Compares a preference with what its orders owe now (ADR 0045): each order's amount then and
 * now, and the reasons a family reads before paying. Valid only when nothing changed.
 */
export function checkPreference(
  items: PreferenceItem[],
  owedNow: ReadonlyMap<string, OwedNow>,
  refusal: string | null,
): Omit<PreferenceValidation, 'preference_id' | 'method'> {
  const checks = items.map((item) => {
    const now = owedNow.get(item.order_id);
    return {
      order_id: item.order_id,
      quoted_centavos: item.base_centavos + item.late_fee_centavos,
      owed_centavos: now ? now.base + now.lateFee : 0,
      reason: reasonFor(item, now),
    };
  });
  const reasons = checks.flatMap((c) => (c.reason ? [c.reason] : []));
  if (refusal) reasons.push(refusal);
  return {
    valid: reasons.length === 0,
    quoted_centavos: checks.reduce((s, c) => s + c.quoted_centavos, 0),
    owed_centavos: checks.reduce((s, c) => s + c.owed_centavos, 0),
    items: checks,
    reasons,
  };
}
