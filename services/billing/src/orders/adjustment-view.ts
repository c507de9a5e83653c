import type { LateFee } from '@cuota/contracts/billing/concepts';
import type { OrderAdjustment } from '@cuota/contracts/billing/corrections';
import { pesos } from './order-adjustment-rules';
import type { orderAdjustments } from '../schema';

type Value = OrderAdjustment['changes'][number]['before'];
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** jsonb keeps no key order: the fields changed first, the total they lead to last. */
const totalLast = (a: string, b: string) =>
  Number(a === 'totalCentavos') - Number(b === 'totalCentavos');

/** A late-fee rule as the trail shows it: «$150.00, 5 días de gracia», «Sin recargo». */
function lateFeeText(fee: LateFee | null): string {
  if (!fee) return 'Sin recargo';
  const grace = `${fee.grace_days} días de gracia`;
  if (fee.kind === 'FIXED') return `${pesos(fee.amount_centavos)}, ${grace}`;
  const cap = fee.cap_centavos === null ? '' : `, tope ${pesos(fee.cap_centavos)}`;
  return `${fee.basis_points / 100} % mensual${cap}, ${grace}`;
}

const shown = (field: string, value: unknown): Value =>
  field === 'lateFee' ? lateFeeText((value ?? null) as LateFee | null) : ((value ?? null) as Value);

/** An audit row as the trail shows it: each changed field with its value before and after. */
export function toAdjustment(a: typeof orderAdjustments.$inferSelect): OrderAdjustment {
  return {
    id: a.id,
    kind: a.kind as OrderAdjustment['kind'],
    changes: Object.keys(a.after)
      .sort(totalLast)
      .map((field) => ({
        field: snake(field),
        before: shown(field, a.before[field]),
        after: shown(field, a.after[field]),
      })),
    reason: a.reason,
    adjusted_by: a.adjustedBy,
    adjusted_by_name: a.adjustedByName,
    adjusted_at: a.adjustedAt.toISOString(),
  };
}
