import { and, asc, eq, inArray } from 'drizzle-orm';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { StoreCheckoutStatus, StoreSale } from '@cuota/contracts/payments/store-checkout';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import type { PayinRow } from '../payins/payin-repository';
import { instructionsOf } from '../preferences/payment-reference';
import { payins, storeCheckouts, type StoreStockState } from '../schema';

/** The only code that reads or writes `store_checkouts` (ADR 0074). */
export type StoreCheckoutRow = typeof storeCheckouts.$inferSelect;

export async function insertStoreCheckout(
  tx: Executor,
  row: Omit<StoreCheckoutRow, 'stock' | 'createdAt'>,
): Promise<void> {
  await tx.insert(storeCheckouts).values(row);
}

/** The store purchase a payin pays, if it pays one. */
export async function storeCheckoutOf(
  db: Executor,
  payinId: string,
): Promise<StoreCheckoutRow | null> {
  const [row] = await db.select().from(storeCheckouts).where(eq(storeCheckouts.payinId, payinId));
  return row ?? null;
}

/** Billing was told: a held purchase becomes committed, released or lapsed (once). */
export async function markStock(db: Executor, payinId: string, stock: StoreStockState) {
  await db
    .update(storeCheckouts)
    .set({ stock })
    .where(and(eq(storeCheckouts.payinId, payinId), eq(storeCheckouts.stock, 'held')));
}

/** Held purchases whose payment is decided (paid or failed): billing must still be told. */
export async function decidedButHeld(db: Executor, limit: number) {
  return db
    .select({ checkout: storeCheckouts, status: payins.status })
    .from(storeCheckouts)
    .innerJoin(payins, eq(payins.id, storeCheckouts.payinId))
    .where(and(eq(storeCheckouts.stock, 'held'), inArray(payins.status, ['success', 'failed'])))
    .orderBy(asc(storeCheckouts.createdAt))
    .limit(limit);
}

/** The purchase as the buyer follows it; null when it is not this school's. */
export async function storeCheckoutStatusOf(
  db: Executor,
  schoolId: string,
  payinId: string,
): Promise<StoreCheckoutStatus | null> {
  const [row] = await db
    .select({ checkout: storeCheckouts, payin: payins })
    .from(storeCheckouts)
    .innerJoin(payins, eq(payins.id, storeCheckouts.payinId))
    .where(and(eq(storeCheckouts.payinId, payinId), eq(storeCheckouts.schoolId, schoolId)));
  if (!row) return null;
  const { checkout, payin } = row;
  return {
    payment_id: payin.id,
    school_id: payin.schoolId,
    order_id: checkout.optionalOrderId,
    status: payin.status,
    total_centavos: payin.amountCentavos,
    receipt_number: payin.receiptNumber,
    card:
      payin.cardBrand && payin.cardLast4
        ? { brand: payin.cardBrand, last4: payin.cardLast4 }
        : null,
    instructions: instructionsOf(payin),
    error:
      payin.errorCode && payin.errorMessage
        ? { code: payin.errorCode, message: payin.errorMessage }
        : null,
    created_at: payin.createdAt.toISOString(),
    paid_at: payin.paidAt?.toISOString() ?? null,
  };
}

/**
 * payments.payin.reversed (whole) for a lapsed sale given back: invoicing cancels or withdraws
 * the sale's CFDI. In the transaction that cancels the payin.
 */
export async function enqueueLapsedSaleReversed(
  tx: Executor,
  payin: PayinRow,
  sale: StoreSale,
  reason: string,
  now: Date,
): Promise<void> {
  await enqueueEvent(tx, payinReversedV1, {
    reversal_id: `store-lapsed:${payin.id}`,
    payin_id: payin.id,
    school_id: payin.schoolId,
    kind: 'refund',
    whole: true,
    amount_centavos: payin.amountCentavos,
    allocations: [],
    credit_reversed_centavos: 0,
    reason,
    reversed_at: now.toISOString(),
    reversed_by: null,
    store: { ...sale, guardian_id: payin.guardianId },
  });
}
