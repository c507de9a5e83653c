import { and, eq, inArray } from 'drizzle-orm';
import type { StockCheck, StockLine } from '@cuota/contracts/billing/store';
import type { Executor } from '@cuota/messaging/transaction';
import { storeItems, storeVariants } from '../schema';
import { availableOf } from './catalogue-repository';

/** A variant as the store sells it: its count and the item it belongs to. */
export async function sellableVariants(
  db: Executor,
  schoolId: string,
  variantIds: string[],
): Promise<Map<string, Sellable>> {
  const rows = await db
    .select({ variant: storeVariants, item: storeItems })
    .from(storeVariants)
    .innerJoin(storeItems, eq(storeItems.id, storeVariants.itemId))
    .where(and(eq(storeVariants.schoolId, schoolId), inArray(storeVariants.id, variantIds)));
  return new Map(rows.map((r) => [r.variant.id, r]));
}

interface Sellable {
  variant: typeof storeVariants.$inferSelect;
  item: typeof storeItems.$inferSelect;
}

function lineMessage(found: Sellable | undefined, requested: number): string | null {
  if (!found || !found.item.visible) return 'Este artículo no está a la venta.';
  const available = availableOf(found.variant);
  if (available === null || available >= requested) return null;
  return available <= 0 ? 'Agotado.' : `Solo quedan ${available} disponibles.`;
}

/**
 * Whether each line can be sold now: visible, and within what is neither sold nor held by a
 * pending checkout. An answer, not a promise: only a reservation holds stock (ADR 0063).
 */
export async function checkStock(
  db: Executor,
  schoolId: string,
  lines: StockLine[],
): Promise<StockCheck> {
  const variants = await sellableVariants(
    db,
    schoolId,
    lines.map((l) => l.variant_id),
  );
  const checked = lines.map((l) => {
    const found = variants.get(l.variant_id);
    const message = lineMessage(found, l.quantity);
    return {
      variant_id: l.variant_id,
      requested: l.quantity,
      available: found?.item.visible ? availableOf(found.variant) : 0,
      can_sell: message === null,
      message,
    };
  });
  return { ok: checked.every((l) => l.can_sell), lines: checked };
}
