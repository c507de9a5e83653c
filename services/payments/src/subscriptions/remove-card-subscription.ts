import type { Executor } from '@cuota/messaging/transaction';
import type { PaymentsDeps } from '../payments-deps';
import { cancelCardSubscription, type CardSubscriptionRow } from './card-subscription-repository';

/**
 * The family removes its card (ADR 0072): Cuota stops charging it at once (the row is
 * CANCELED before Kushki is asked), then Kushki lets the kept card go. Kushki's trouble does
 * not undo the removal: a `custom` subscription charges nothing by itself, so a card left
 * kept is logged, never charged. Billing's cancelled subscription removes it the same way,
 * inside its event's transaction (`db`), as of the cancellation.
 */
export async function removeCardSubscription(
  deps: PaymentsDeps,
  card: CardSubscriptionRow,
  { db = deps.db, at = deps.now() }: { db?: Executor; at?: Date } = {},
): Promise<CardSubscriptionRow> {
  const canceled = await cancelCardSubscription(db, card.id, at);
  try {
    const { merchant } = await deps.gateways.current(card.schoolId);
    if (merchant.publicMerchantId !== card.publicMerchantId) return canceled; // its merchant is gone
    await deps.gateways.subscriptionsFor(merchant).cancel(card.gatewaySubscriptionId);
  } catch (err) {
    deps.logger.warn({ err, card: card.id }, 'Kushki did not let the removed card go');
  }
  return canceled;
}
