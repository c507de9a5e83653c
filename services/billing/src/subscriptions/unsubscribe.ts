import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { editOrder, who } from '../orders/correct-order';
import { hasMoney } from '../orders/order-adjustment-rules';
import { actorOf, subscriptionOfCaller } from './subscriber';
import { markSubscriptionCanceled, ordersOfSubscriptions } from './subscription-repository';
import { periodOf } from './subscription-rules';

const REASON = 'Suscripción cancelada';

/**
 * Cancels a subscription (ADR 0035): its orders from the current month on that have no money
 * are cancelled as a correction (each with its trail entry and billing.order.adjusted); paid,
 * partly paid or paying ones, and past months, stay owed or paid. Decided on each locked
 * order, so a payment landing meanwhile keeps its order. Cancelling again changes nothing.
 */
export async function unsubscribe(
  tx: Executor,
  schoolId: string,
  id: string,
  caller: IdentityClaims,
  now: { today: string; at: Date },
): Promise<void> {
  const subscription = await subscriptionOfCaller(tx, caller, schoolId, id, { lock: true });
  if (subscription.canceledAt) return;
  const current = periodOf(now.today);
  const reason = caller.kind === 'guardian' ? `${REASON} por la familia` : REASON;
  for (const order of await ordersOfSubscriptions(tx, [id])) {
    if (order.canceledAt || (order.period ?? '') < current || hasMoney(order)) continue;
    await editOrder(
      tx,
      schoolId,
      order.id,
      (locked) => (hasMoney(locked) ? [] : [{ kind: 'canceled', canceledAt: now.at }]),
      who(caller, reason),
    );
  }
  await markSubscriptionCanceled(tx, id, actorOf(caller), now.at);
}
