import type { NatsConnection } from '@nats-io/transport-node';
import { quoteOrdersRequest, type QuotedOrder } from '@cuota/contracts/billing/requests';
import type { Namespace } from '@cuota/messaging/naming';
import { requestReply } from '@cuota/messaging/request-reply';

/** Billing quotes at most this many orders per question. */
const QUOTE_SIZE = 100;

/**
 * Billing's quote of a school's orders, as of today: only the ones still open come back
 * (billing leaves out a paid, cancelled or unknown order). Asked in parts of 100.
 */
export async function quoteOpenOrders(
  nc: NatsConnection,
  ns: Namespace,
  schoolId: string,
  orderIds: string[],
): Promise<Map<string, QuotedOrder>> {
  const quoted = new Map<string, QuotedOrder>();
  for (let i = 0; i < orderIds.length; i += QUOTE_SIZE) {
    const reply = await requestReply(nc, ns, quoteOrdersRequest, {
      school_id: schoolId,
      order_ids: orderIds.slice(i, i + QUOTE_SIZE),
      guardian_id: null,
    });
    for (const order of reply.orders) quoted.set(order.order_id, order);
  }
  return quoted;
}

/** What a quoted order asks for today: pending base less the early discount, plus late fee. */
export const amountDueOf = (order: QuotedOrder) =>
  order.pending_base_centavos - (order.discount_due_centavos ?? 0) + order.late_fee_due_centavos;
