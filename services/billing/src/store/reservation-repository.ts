import { satProductKeyOf, variantLabel } from '@cuota/contracts/billing/store';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { OptionalOrder, StockCheck, StockLine } from '@cuota/contracts/billing/store';
import type { BillingDb } from '../billing-db';
import type { Executor } from '@cuota/messaging/transaction';
import { optionalOrderLines, optionalOrders, storeVariants } from '../schema';
import { NO_ORDER, orderOf } from './optional-order-repository';
import { checkStock, sellableVariants } from './stock-check-repository';
import { recordMovement } from './stock-repository';

/** How long a checkout holds stock unless it asks otherwise (a card form, a 3-D Secure step). */
export const DEFAULT_HOLD_SECONDS = 15 * 60;

export interface Reservation {
  schoolId: string;
  checkoutRef: string;
  guardianId: string | null;
  studentId: string | null;
  buyerEmail: string | null;
  leadId?: string | null;
  lines: StockLine[];
  holdSeconds?: number;
}

export type Reserved =
  { reserved: true; order: OptionalOrder } | { reserved: false; check: StockCheck };
export type Settled = { settled: true; order: OptionalOrder } | { settled: false; message: string };

/** Thrown inside the transaction so that nothing of a refused reservation stays. */
class ShortOfStock extends Error {}

/**
 * Holds one unit count per line with a conditional UPDATE: Postgres serialises buyers of the
 * same variant on its row, and the condition (and the table's check) never lets `reserved`
 * pass `on_hand`, so concurrent buyers of the last units get exactly what is there.
 */
async function hold(tx: Executor, line: StockLine): Promise<boolean> {
  const held = await tx
    .update(storeVariants)
    .set({ reserved: sql`${storeVariants.reserved} + ${line.quantity}` })
    .where(
      and(
        eq(storeVariants.id, line.variant_id),
        sql`(NOT ${storeVariants.limited} OR ${storeVariants.onHand} - ${storeVariants.reserved} >= ${line.quantity})`,
      ),
    )
    .returning({ id: storeVariants.id });
  return held.length === 1;
}

async function existing(db: Executor, r: Reservation) {
  const [row] = await db
    .select({ id: optionalOrders.id })
    .from(optionalOrders)
    .where(
      and(eq(optionalOrders.schoolId, r.schoolId), eq(optionalOrders.checkoutRef, r.checkoutRef)),
    );
  return row && (await orderOf(db, r.schoolId, row.id));
}

/**
 * A pending optional order priced by billing, its stock held until `hold_until` (ADR 0063).
 * The same checkout_ref answers the same order; a line that cannot be sold holds nothing.
 */
export async function reserve(db: BillingDb, r: Reservation, now = new Date()): Promise<Reserved> {
  const before = await existing(db, r);
  if (before) return { reserved: true, order: before };
  await releaseExpired(db, r.schoolId, now);
  const check = await checkStock(db, r.schoolId, r.lines);
  if (!check.ok) return { reserved: false, check };
  try {
    const order = await db.transaction((tx) => holdAndPlace(tx, r, now));
    if (order) return { reserved: true, order };
    return { reserved: true, order: (await existing(db, r))! };
  } catch (err) {
    if (!(err instanceof ShortOfStock)) throw err;
    return { reserved: false, check: await checkStock(db, r.schoolId, r.lines) };
  }
}

/** Null when a concurrent call with the same checkout_ref placed the order first. */
async function holdAndPlace(tx: Executor, r: Reservation, now: Date) {
  const variants = await sellableVariants(
    tx,
    r.schoolId,
    r.lines.map((l) => l.variant_id),
  );
  const lines = r.lines.map((l) => ({ ...l, ...variants.get(l.variant_id)! }));
  const [order] = await tx
    .insert(optionalOrders)
    .values({
      schoolId: r.schoolId,
      checkoutRef: r.checkoutRef,
      guardianId: r.guardianId,
      studentId: r.studentId,
      buyerEmail: r.buyerEmail,
      leadId: r.leadId ?? null,
      status: 'pending_payment',
      totalCentavos: lines.reduce((sum, l) => sum + l.item.priceCentavos * l.quantity, 0),
      holdUntil: new Date(now.getTime() + (r.holdSeconds ?? DEFAULT_HOLD_SECONDS) * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: optionalOrders.id });
  if (!order) return null;
  // Variant order: two buyers of the same pair of variants never wait on each other in a cycle.
  for (const line of [...r.lines].sort((a, b) => a.variant_id.localeCompare(b.variant_id)))
    if (!(await hold(tx, line))) throw new ShortOfStock();
  await tx.insert(optionalOrderLines).values(
    lines.map((l) => ({
      orderId: order.id,
      variantId: l.variant_id,
      itemName: l.item.name,
      variantLabel: variantLabel(l.variant),
      tax: l.item.tax,
      satProductKey: satProductKeyOf({
        tax: l.item.tax,
        sat_product_key: l.item.satProductKey,
      }),
      unitPriceCentavos: l.item.priceCentavos,
      quantity: l.quantity,
    })),
  );
  return (await orderOf(tx, r.schoolId, order.id))!;
}

/** Takes a pending order's lines back out of `reserved`; `sold` also takes them off the count. */
async function settleLines(tx: Executor, orderId: string, sold: boolean) {
  const lines = await tx
    .select()
    .from(optionalOrderLines)
    .where(eq(optionalOrderLines.orderId, orderId));
  for (const line of [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
    const [variant] = await tx
      .update(storeVariants)
      .set({
        reserved: sql`${storeVariants.reserved} - ${line.quantity}`,
        onHand: sold
          ? sql`CASE WHEN ${storeVariants.limited} THEN ${storeVariants.onHand} - ${line.quantity} ELSE ${storeVariants.onHand} END`
          : storeVariants.onHand,
      })
      .where(eq(storeVariants.id, line.variantId))
      .returning();
    if (sold)
      await recordMovement(tx, {
        variant: variant!,
        kind: 'SUBTRACT',
        movement: 'EXTERNAL',
        quantity: line.quantity,
        note: 'Venta en la tienda',
        optionalOrderId: orderId,
      });
  }
}

/** Locks a pending order of the school; null when it is not pending (already settled). */
async function lockPending(tx: Executor, schoolId: string, orderId: string) {
  const [row] = await tx
    .select({ status: optionalOrders.status })
    .from(optionalOrders)
    .where(and(eq(optionalOrders.id, orderId), eq(optionalOrders.schoolId, schoolId)))
    .for('update');
  return row;
}

/** What committing a lapsed order whose units were sold meanwhile answers (payments refunds). */
export const HOLD_LAPSED_SOLD_OUT = 'La reservación de este pedido ya venció.';

/** Holds a cancelled order's lines again, when every unit is still there (ADR 0083). */
async function holdAgain(tx: Executor, orderId: string): Promise<boolean> {
  const lines = await tx
    .select({ variant_id: optionalOrderLines.variantId, quantity: optionalOrderLines.quantity })
    .from(optionalOrderLines)
    .where(eq(optionalOrderLines.orderId, orderId));
  for (const line of [...lines].sort((a, b) => a.variant_id.localeCompare(b.variant_id)))
    if (!(await hold(tx, line))) return false;
  return true;
}

async function settle(
  db: BillingDb,
  schoolId: string,
  orderId: string,
  to: 'paid' | 'cancelled',
): Promise<Settled> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockPending(tx, schoolId, orderId);
      if (!row) return { settled: false, message: NO_ORDER };
      // The hold ran out (or the checkout gave up) before the payment arrived: the sale
      // stands when its units are still there, else nothing changes (ADR 0083).
      const lapsed = to === 'paid' && row.status === 'cancelled';
      if (lapsed && !(await holdAgain(tx, orderId))) throw new ShortOfStock();
      if (row.status === 'pending_payment' || lapsed) {
        await settleLines(tx, orderId, to === 'paid');
        await tx
          .update(optionalOrders)
          .set({ status: to, holdUntil: null })
          .where(eq(optionalOrders.id, orderId));
      }
      return { settled: true, order: (await orderOf(tx, schoolId, orderId))! };
    });
  } catch (err) {
    if (!(err instanceof ShortOfStock)) throw err;
    return { settled: false, message: HOLD_LAPSED_SOLD_OUT };
  }
}

/** The payment is confirmed: held units leave the count (EXTERNAL SUBTRACT). Idempotent. */
export const commitReservation = (db: BillingDb, schoolId: string, orderId: string) =>
  settle(db, schoolId, orderId, 'paid');
/** The payment failed: held units are sellable again. Idempotent; a paid order stays paid. */
export const releaseReservation = (db: BillingDb, schoolId: string, orderId: string) =>
  settle(db, schoolId, orderId, 'cancelled');

/** Cancels the school's pending orders whose hold ran out, returning their units. */
export async function releaseExpired(db: BillingDb, schoolId: string, now = new Date()) {
  const expired = await db
    .select({ id: optionalOrders.id })
    .from(optionalOrders)
    .where(
      and(
        eq(optionalOrders.schoolId, schoolId),
        eq(optionalOrders.status, 'pending_payment'),
        lte(optionalOrders.holdUntil, now),
      ),
    );
  for (const { id } of expired) await releaseReservation(db, schoolId, id);
  return expired.length;
}

/**
 * Every school's pending orders whose hold ran out, oldest first (the background sweep's
 * batch, ADR 0063 addendum); the partial index on `hold_until` keeps it cheap.
 */
export async function releaseExpiredHolds(db: BillingDb, now: Date, limit: number) {
  const expired = await db
    .select({ id: optionalOrders.id, schoolId: optionalOrders.schoolId })
    .from(optionalOrders)
    .where(and(eq(optionalOrders.status, 'pending_payment'), lte(optionalOrders.holdUntil, now)))
    .orderBy(asc(optionalOrders.holdUntil))
    .limit(limit);
  for (const { id, schoolId } of expired) await releaseReservation(db, schoolId, id);
  return expired.length;
}
