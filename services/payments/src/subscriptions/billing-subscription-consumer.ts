import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { subscriptionCancelledV1 } from '@cuota/contracts/events/billing.subscriptions.cancelled.v1';
import type { PaymentsDeps } from '../payments-deps';
import { cardSubscriptionOf } from './card-subscription-repository';
import { removeCardSubscription } from './remove-card-subscription';

/**
 * Durable name, also the inbox key: its own consumer, so the older billing consumer's filter
 * stays as deployed (ADR 0071).
 */
export const BILLING_SUBSCRIPTIONS_CONSUMER = 'payments-billing-subscriptions';

/**
 * A billing subscription cancelled (by the family or the school) stops the card that paid it:
 * the card subscription is cancelled as if the family had removed it, Kushki included. A card
 * already removed, or none, changes nothing; a subscription taken up again needs a new card.
 */
export function billingSubscriptionSubscriptions(deps: PaymentsDeps): Subscription[] {
  return [
    on(subscriptionCancelledV1, async (event, tx) => {
      const card = await cardSubscriptionOf(tx, event.data.subscription_id);
      if (card?.status !== 'ACTIVE') return;
      await removeCardSubscription(deps, card, { db: tx, at: new Date(event.data.canceled_at) });
    }),
  ];
}
