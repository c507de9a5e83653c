import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { PaymentsDeps } from '../payments-deps';
import {
  decidedButHeld,
  markStock,
  storeCheckoutOf,
  type StoreCheckoutRow,
} from './store-checkout-repository';
import { payinById } from '../payins/payin-repository';
import { refundLapsedSale } from './refund-lapsed-sale';

const BATCH = 50;
/** A crash between a payment's decision and billing's answer is retried this often. */
const SWEEP_EVERY_MS = 30_000;

/**
 * Tells billing a decided store payment's outcome: paid commits the held units, failed
 * releases them. Billing's steps are idempotent, so telling twice (webhook and sweep) is safe;
 * the row leaves `held` only once billing answered. A payment approved after its hold ran
 * out keeps its sale when the units remain; when they were sold it is refunded (ADR 0083).
 */
async function tellBilling(deps: PaymentsDeps, checkout: StoreCheckoutRow, paid: boolean) {
  const { schoolId, optionalOrderId, payinId } = checkout;
  if (!paid) {
    await deps.storeStock.release(schoolId, optionalOrderId);
    return markStock(deps.db, payinId, 'released');
  }
  const answer = await deps.storeStock.commit(schoolId, optionalOrderId);
  if (answer.settled) return markStock(deps.db, payinId, 'committed');
  deps.logger.warn({ payinId, message: answer.message }, 'store payment after its hold lapsed');
  return refundLapsedSale(deps, checkout);
}

/**
 * Right after a payment of the store is decided (webhook, decline): billing is told at once.
 * A failure here is only logged; the sweep tells billing again.
 */
export async function settleStoreStock(deps: PaymentsDeps, payinId: string): Promise<void> {
  try {
    const checkout = await storeCheckoutOf(deps.db, payinId);
    if (!checkout || checkout.stock !== 'held') return;
    const payin = await payinById(deps.db, payinId);
    if (payin?.status === 'success' || payin?.status === 'failed')
      await tellBilling(deps, checkout, payin.status === 'success');
  } catch (err) {
    deps.logger.warn({ err, payinId }, 'store stock not settled yet; the sweep retries');
  }
}

/** The store's stock sweep: decided payments whose stock billing has not settled yet. */
export function storeStockSweep(deps: PaymentsDeps, everyMs = SWEEP_EVERY_MS): WorkLoop {
  return new WorkLoop({
    name: 'store stock sweep',
    pass: async () => {
      const rows = await decidedButHeld(deps.db, BATCH);
      for (const { checkout, status } of rows)
        await tellBilling(deps, checkout, status === 'success');
      return { more: rows.length === BATCH };
    },
    idleMs: everyMs,
    logger: deps.logger,
  });
}
