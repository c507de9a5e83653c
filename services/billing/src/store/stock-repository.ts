import { variantLabel } from '@cuota/contracts/billing/store';
import { and, desc, eq } from 'drizzle-orm';
import type {
  Movement,
  StockKind,
  StockMovement,
  StockMovementInput,
} from '@cuota/contracts/billing/store';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, notFound } from '@cuota/service-runtime/http/http-error';
import { storeItems, storeStockMovements, storeVariants } from '../schema';
import { NO_ITEM } from './catalogue-repository';
import { applyStockMovement } from './stock-rules';

/** The only code that writes a variant's count and its history (movements). */
type VariantRow = typeof storeVariants.$inferSelect;

export interface MovementRecord {
  variant: VariantRow;
  kind: StockKind;
  movement: Movement;
  quantity: number;
  note?: string;
  optionalOrderId?: string;
  createdBy?: string | null;
}

export async function recordMovement(tx: Executor, m: MovementRecord) {
  const [row] = await tx
    .insert(storeStockMovements)
    .values({
      schoolId: m.variant.schoolId,
      variantId: m.variant.id,
      kind: m.kind,
      movement: m.movement,
      quantity: m.quantity,
      onHandAfter: m.variant.onHand,
      limitedAfter: m.variant.limited,
      note: m.note ?? '',
      optionalOrderId: m.optionalOrderId,
      createdBy: m.createdBy ?? null,
    })
    .returning({ id: storeStockMovements.id });
  return row!.id;
}

/** A staff movement (INTERNAL) on a locked variant, with its line in the history. */
export async function moveStock(
  tx: Executor,
  schoolId: string,
  input: StockMovementInput,
  createdBy: string | null,
): Promise<StockMovement> {
  const [variant] = await tx
    .select()
    .from(storeVariants)
    .where(and(eq(storeVariants.id, input.variant_id), eq(storeVariants.schoolId, schoolId)))
    .for('update');
  if (!variant) throw notFound(NO_ITEM);
  const outcome = applyStockMovement(variant, input.kind, input.quantity);
  if (!outcome.ok) throw badRequest(outcome.message);
  const { limited, onHand, counted } = outcome.next;
  const [after] = await tx
    .update(storeVariants)
    .set({ limited, onHand, counted })
    .where(eq(storeVariants.id, variant.id))
    .returning();
  const id = await recordMovement(tx, {
    variant: after!,
    kind: input.kind,
    movement: 'INTERNAL',
    quantity: input.quantity,
    note: input.note,
    createdBy,
  });
  const [movement] = await stockHistoryOf(tx, schoolId, { movementId: id });
  return movement!;
}

/** Newest first; the last 500 (a school's store moves far fewer in a season). */
export async function stockHistoryOf(
  db: Executor,
  schoolId: string,
  filter: { variantId?: string; movementId?: number } = {},
): Promise<StockMovement[]> {
  const conditions = [eq(storeStockMovements.schoolId, schoolId)];
  if (filter.variantId) conditions.push(eq(storeStockMovements.variantId, filter.variantId));
  if (filter.movementId) conditions.push(eq(storeStockMovements.id, filter.movementId));
  const rows = await db
    .select({ m: storeStockMovements, v: storeVariants, itemName: storeItems.name })
    .from(storeStockMovements)
    .innerJoin(storeVariants, eq(storeVariants.id, storeStockMovements.variantId))
    .innerJoin(storeItems, eq(storeItems.id, storeVariants.itemId))
    .where(and(...conditions))
    .orderBy(desc(storeStockMovements.id))
    .limit(500);
  return rows.map(({ m, v, itemName }) => ({
    id: String(m.id),
    variant_id: m.variantId,
    item_name: itemName,
    variant_label: variantLabel(v),
    kind: m.kind,
    movement: m.movement,
    quantity: m.quantity,
    on_hand_after: m.onHandAfter,
    limited_after: m.limitedAfter,
    note: m.note,
    created_by: m.createdBy,
    created_at: m.createdAt.toISOString(),
  }));
}
