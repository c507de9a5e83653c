import type { NatsConnection } from '@nats-io/transport-node';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import {
  ordersBilledV1,
  type OrdersBilled,
} from '@cuota/contracts/events/billing.orders.billed.v1';
import { ordersVoidedV1 } from '@cuota/contracts/events/billing.orders.voided.v1';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Namespace } from '@cuota/messaging/naming';
import type { Executor } from '@cuota/messaging/transaction';
import { quoteOpenOrders } from './due-dates';
import { forgetReceivables, recordReceivables, retotalReceivable } from './receivable-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const RECEIVABLE_CONSUMER = 'notifications-billing-orders';

/**
 * Billed orders become receivables with billing's due date (the event has none, ADR 0064);
 * orders billed already paid or at 0 are not quoted back and are never reminded of. If
 * billing does not answer the handler throws and the event comes back later.
 */
async function recordBilled(
  tx: Executor,
  nc: NatsConnection,
  ns: Namespace,
  billed: OrdersBilled,
): Promise<void> {
  const items = billed.detail?.items ?? [];
  if (items.length === 0) return;
  const quoted = await quoteOpenOrders(
    nc,
    ns,
    billed.school_id,
    items.map((i) => i.order_id),
  );
  const rows = items.flatMap((item) => {
    const quote = quoted.get(item.order_id);
    if (!quote) return [];
    return [
      {
        orderId: item.order_id,
        schoolId: billed.school_id,
        studentId: item.student_id,
        conceptName: billed.detail!.concept_name,
        period: billed.period,
        dueOn: quote.due_on,
        totalCentavos: quote.amount_centavos ?? item.amount_centavos,
      },
    ];
  });
  await recordReceivables(tx, rows);
}

export function receivableSubscriptions(nc: NatsConnection, ns: Namespace): Subscription[] {
  return [
    on(ordersBilledV1, (event, tx) => recordBilled(tx, nc, ns, event.data)),
    on(orderAdjustedV1, (event, tx) =>
      retotalReceivable(tx, event.data.order_id, event.data.new_total_centavos),
    ),
    on(ordersVoidedV1, (event, tx) =>
      forgetReceivables(tx, event.data.detail?.items.map((i) => i.order_id) ?? []),
    ),
  ];
}
