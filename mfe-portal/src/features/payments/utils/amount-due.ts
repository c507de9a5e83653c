import type { Order } from '@cuota/contracts/billing/orders';

/** What is left to pay of an order: its pending amount, or all of it before any payment. */
export const amountDue = (o: Pick<Order, 'pending_amount' | 'final_amount'>) =>
  o.pending_amount || o.final_amount;
