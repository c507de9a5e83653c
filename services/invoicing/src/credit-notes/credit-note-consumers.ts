import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import { creditAdjustedOrder } from './credit-adjusted-order';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const ORDER_ADJUSTMENT_CONSUMER = 'invoicing-billing-adjustments';

/** billing's corrections of an order's total: credit notes for what was invoiced above it. */
export function orderAdjustmentSubscriptions(): Subscription[] {
  return [on(orderAdjustedV1, (event, tx) => creditAdjustedOrder(tx, event.data))];
}
