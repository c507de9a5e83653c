import { eq, inArray, sql } from 'drizzle-orm';
import type { Allocation } from '@cuota/contracts/payments/payins';
import type { Executor } from '@cuota/messaging/transaction';
import { receivables } from '../schema';

/** The only code that touches `receivables`, notifications' view of billing's open orders. */
export type NewReceivable = typeof receivables.$inferInsert;

/** Billed orders; a replayed event (or one already known) changes nothing. */
export async function recordReceivables(tx: Executor, rows: NewReceivable[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(receivables).values(rows).onConflictDoNothing();
}

/** An order's total after a scholarship, discount, surcharge or cancellation (0). */
export async function retotalReceivable(tx: Executor, orderId: string, total: number) {
  await tx
    .update(receivables)
    .set({ totalCentavos: total })
    .where(eq(receivables.orderId, orderId));
}

/** Orders billing removed (a bill run undone): nobody is reminded of them. */
export async function forgetReceivables(tx: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return;
  await tx.delete(receivables).where(inArray(receivables.orderId, orderIds));
}

/** What a payment applied to the base of each order (late fees are not in the total). */
export async function applyAllocations(tx: Executor, allocations: Allocation[]) {
  for (const a of allocations) {
    await tx
      .update(receivables)
      .set({
        paidCentavos: sql`${receivables.paidCentavos} + ${a.base_centavos - a.discount_centavos}`,
      })
      .where(eq(receivables.orderId, a.order_id));
  }
}
