import type { OrderAdjustment } from '@cuota/contracts/billing/corrections';
import type { orderAdjustments } from '../schema';

type Value = OrderAdjustment['changes'][number]['before'];
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** jsonb keeps no key order: the fields changed first, the total they lead to last. */
const totalLast = (a: string, b: string) =>
  Number(a === 'totalCentavos') - Number(b === 'totalCentavos');

/** An audit row as the trail shows it: each changed field with its value before and after. */
export function toAdjustment(a: typeof orderAdjustments.$inferSelect): OrderAdjustment {
  return {
    id: a.id,
    kind: a.kind as OrderAdjustment['kind'],
    changes: Object.keys(a.after)
      .sort(totalLast)
      .map((field) => ({
        field: snake(field),
        before: (a.before[field] ?? null) as Value,
        after: (a.after[field] ?? null) as Value,
      })),
    reason: a.reason,
    adjusted_by: a.adjustedBy,
    adjusted_by_name: a.adjustedByName,
    adjusted_at: a.adjustedAt.toISOString(),
  };
}
