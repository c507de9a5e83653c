import { z } from 'zod';
import { orderAdjustedSchema, type OrderAdjusted } from './billing.order.adjusted.v1';
import { defineEvent } from '@cuota/contracts/events/event-envelope';

/** Most orders one event carries: a massive scholarship's chunk of 10,000 is 20 events. */
export const ORDERS_PER_ADJUSTED_EVENT = 500;

/** What differs between the orders of one multi-order correction. */
const adjustedOrderSchema = orderAdjustedSchema.pick({
  adjustment_id: true,
  order_id: true,
  student_id: true,
  concept_id: true,
  concept_type: true,
  period: true,
  previous_total_centavos: true,
  new_total_centavos: true,
  adjusted_at: true,
});

/**
 * Many orders' totals changed by one correction (a scholarship granted to many students, or a
 * bill run's scholarships, ADR 0053): exactly a `billing.order.adjusted` for each of `orders`
 * with the shared fields (`ordersOfAdjusted` spells them out), in parts of at most
 * ORDERS_PER_ADJUSTED_EVENT, so a chunk of 10,000 orders is 20 events, not 10,000. Consumers
 * handle each order as its own adjustment (keyed by `adjustment_id`). Single corrections
 * keep sending `billing.order.adjusted`.
 */
export const ordersAdjustedSchema = orderAdjustedSchema
  .pick({ school_id: true, kind: true, reason: true, adjusted_by: true })
  .extend({
    orders: z.array(adjustedOrderSchema).min(1).max(ORDERS_PER_ADJUSTED_EVENT),
    /** Which part of the correction this is (1-based) and of how many. */
    part: z.number().int().positive(),
    parts: z.number().int().positive(),
  });
export type OrdersAdjusted = z.infer<typeof ordersAdjustedSchema>;
export type AdjustedOrder = OrdersAdjusted['orders'][number];
export const ordersAdjustedV1 = defineEvent('billing.orders.adjusted', ordersAdjustedSchema);

/** Each order of the event as the `billing.order.adjusted` it stands for. */
export const ordersOfAdjusted = ({ orders, part: _p, parts: _n, ...shared }: OrdersAdjusted) =>
  orders.map((o): OrderAdjusted => ({ ...shared, ...o }));

/** A correction's orders as its events, in parts of at most ORDERS_PER_ADJUSTED_EVENT. */
export function ordersAdjustedParts(
  shared: Omit<OrdersAdjusted, 'orders' | 'part' | 'parts'>,
  orders: AdjustedOrder[],
): OrdersAdjusted[] {
  const parts = Math.ceil(orders.length / ORDERS_PER_ADJUSTED_EVENT);
  return Array.from({ length: parts }, (_, i) => ({
    ...shared,
    orders: orders.slice(i * ORDERS_PER_ADJUSTED_EVENT, (i + 1) * ORDERS_PER_ADJUSTED_EVENT),
    part: i + 1,
    parts,
  }));
}
