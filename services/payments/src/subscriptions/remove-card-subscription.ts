import type { Executor } from '@cuota/messaging/transaction';
import type { PaymentsDeps } from '../payments-deps';
import {
  cancelCardSubscription,
  markReleased,
  unreleasedCards,
  type CardSubscriptionRow,
} from './card-subscription-repository';

/**
 * The family removes its card (ADR 0072): Cuota stops charging it at once (the row is
 * CANCELED before Kushki is asked), then Kushki lets the kept card go. Kushki's trouble does
 * not undo the removal: the card subscription loop asks again until Kushki has let it go
 * (ADR 0080). Billing's cancelled subscription removes it the same way, inside its event's
 * transaction (`db`), as of the cancellation.
 */
export async function removeCardSubscription(
  deps: PaymentsDeps,
  card: CardSubscriptionRow,
  { db = deps.db, at = deps.now() }: { db?: Executor; at?: Date } = {},
): Promise<CardSubscriptionRow> {
  const canceled = await cancelCardSubscription(db, card.id, at);
  if (!canceled.gatewayReleasedAt) await releaseAtKushki(deps, canceled, db);
  return canceled;
}

/**
 * Asks Kushki to let a cancelled card go and records that it did (Kushki's 404, nothing
 * kept, counts); false when Kushki could not be reached or refused, for the next pass.
 */
async function releaseAtKushki(
  deps: PaymentsDeps,
  card: CardSubscriptionRow,
  db: Executor,
): Promise<boolean> {
  try {
    const { merchant } = await deps.gateways.current(card.schoolId);
    // A card kept by a merchant the school no longer uses: Cuota holds no keys to ask with.
    if (merchant.publicMerchantId === card.publicMerchantId)
      await deps.gateways.subscriptionsFor(merchant).cancel(card.gatewaySubscriptionId);
  } catch (err) {
    deps.logger.warn(
      { err, card: card.id },
      'Kushki did not let the removed card go; will ask again',
    );
    return false;
  }
  await markReleased(db, card.id, deps.now());
  return true;
}

/** One pass of the retries: every cancelled card Kushki still keeps is asked for again. */
export async function releaseRemovedCards(deps: PaymentsDeps): Promise<number> {
  let released = 0;
  for (const card of await unreleasedCards(deps.db))
    if (await releaseAtKushki(deps, card, deps.db)) released += 1;
  return released;
}
