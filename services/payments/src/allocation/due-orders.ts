import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import type { Executor } from '@cuota/messaging/transaction';
import { appliedToOrders } from './allocation-repository';
import { dueNow, type DueOrder } from './allocation-rules';

/**
 * Billing's quote corrected by payments' own allocations (allocation-rules.ts dueNow):
 * what each order owes now. `watermark` is the allocation seq read before the quote.
 */
export async function dueOrders(
  tx: Executor,
  quoted: QuotedOrder[],
  watermark: number,
): Promise<DueOrder[]> {
  const applied = await appliedToOrders(
    tx,
    quoted.map((o) => o.order_id),
    watermark,
  );
  return quoted.map((o) => {
    const { all, sinceQuote } = applied.get(o.order_id)!;
    return dueNow(o, all, sinceQuote);
  });
}
