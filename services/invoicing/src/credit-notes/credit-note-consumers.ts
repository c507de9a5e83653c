import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import {
  ordersAdjustedV1,
  ordersOfAdjusted,
} from '@cuota/contracts/events/billing.orders.adjusted.v1';
import { creditAdjustedOrder } from './credit-adjusted-order';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const ORDER_ADJUSTMENT_CONSUMER = 'invoicing-billing-adjustments';

/** billing's corrections of an order's total: credit notes for what was invoiced above it. */
export function orderAdjustmentSubscriptions(): Subscription[] {
  return [on(orderAdjustedV1, (event, tx) => creditAdjustedOrder(tx, event.data))];
}

/**
 * Its own durable consumer: adding a subject to the one above would change its deployed
 * filter (one subject → the domain's wildcard), which NATS refuses for an existing consumer.
 */
export const ORDERS_ADJUSTED_CONSUMER = 'invoicing-billing-multi-adjustments';

/** A multi-order correction (ADR 0053): each order as its own adjustment, in one transaction. */
export function ordersAdjustedSubscriptions(): Subscription[] {
  return [
    on(ordersAdjustedV1, async (event, tx) => {
      for (const adjustment of ordersOfAdjusted(event.data))
        await creditAdjustedOrder(tx, adjustment);
    }),
  ];
}
