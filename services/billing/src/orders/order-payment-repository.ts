import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { orderAllocations, orders, parkedReversals } from '../schema';
import { paidAmountsOf, type Allocation, type PaidAmounts } from './order-rules';

/** The only code that writes what payments applied to orders (ADR 0016). */
export type OrderForPayment = typeof orders.$inferSelect;

/** The orders, locked in id order (two payments of one family never deadlock). */
export function lockOrders(tx: Executor, ids: string[]): Promise<OrderForPayment[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.id))
    .for('update');
}

/** Records one payment's share of an order; false when it was already recorded. */
export async function insertAllocation(
  tx: Executor,
  a: typeof orderAllocations.$inferInsert,
): Promise<boolean> {
  const rows = await tx.insert(orderAllocations).values(a).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Per order, what a payin still has on it: what it paid less what reversals took back. */
export async function leftByPayin(
  tx: Executor,
  payinId: string,
  orderIds: string[],
): Promise<Map<string, Allocation>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({
      orderId: orderAllocations.orderId,
      baseCentavos: sql<number>`sum(${orderAllocations.baseCentavos})::int`,
      lateFeeCentavos: sql<number>`sum(${orderAllocations.lateFeeCentavos})::int`,
      discountCentavos: sql<number>`sum(${orderAllocations.discountCentavos})::int`,
    })
    .from(orderAllocations)
    .where(
      and(
        inArray(orderAllocations.orderId, orderIds),
        or(eq(orderAllocations.sourceId, payinId), eq(orderAllocations.reversesSourceId, payinId)),
      ),
    )
    .groupBy(orderAllocations.orderId);
  return new Map(rows.map(({ orderId, ...left }) => [orderId, left]));
}

export type ParkedReversal = typeof parkedReversals.$inferSelect;

/** Keeps a reversal whose payin has not paid the order here yet (once per reversal and order). */
export async function parkReversal(tx: Executor, r: ParkedReversal) {
  await tx.insert(parkedReversals).values(r).onConflictDoNothing();
}

/** The reversals waiting for this payin's payment of the order, removed as they are taken. */
export function takeParkedReversals(
  tx: Executor,
  payinId: string,
  orderId: string,
): Promise<ParkedReversal[]> {
  return tx
    .delete(parkedReversals)
    .where(and(eq(parkedReversals.payinId, payinId), eq(parkedReversals.orderId, orderId)))
    .returning();
}

/**
 * Writes only the paid amounts: callers pass the rules' result, whose allocation fields
 * (`discountCentavos`: the early-payment discount) share names with the order's own columns.
 */
export async function savePaidAmounts(tx: Executor, id: string, paid: PaidAmounts) {
  await tx.update(orders).set(paidAmountsOf(paid)).where(eq(orders.id, id));
}

/** A card payment is on its way for these orders of the school (WAITING_PAID). */
export async function markWaiting(tx: Executor, schoolId: string, ids: string[], payinId: string) {
  if (ids.length === 0) return;
  await tx
    .update(orders)
    .set({ waitingPayinId: payinId })
    .where(
      and(
        eq(orders.schoolId, schoolId),
        inArray(orders.id, ids),
        sql`${orders.paidBaseCentavos} < ${orders.totalCentavos}`,
        // A late `initiated` after its payment was applied must not make the order wait again.
        sql`NOT EXISTS (SELECT 1 FROM ${orderAllocations} WHERE ${orderAllocations.sourceId} = ${payinId})`,
      ),
    );
}

/** The payment ended (paid or failed): its orders wait no more. */
export async function clearWaiting(tx: Executor, payinId: string) {
  await tx.update(orders).set({ waitingPayinId: null }).where(eq(orders.waitingPayinId, payinId));
}
