import type { Database } from '@cuota/service-runtime/db/database';
import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { PaymentsDeps } from '../payments-deps';
import { CARD_CHARGES_CHANNEL } from './card-subscription-repository';
import { chargeDueMonths } from './charge-due-months';
import { reconcileCardCharges } from './reconcile-card-charges';
import { releaseRemovedCards } from './remove-card-subscription';

/** Months come due at midnight; a pass every 5 minutes charges them soon after (ADR 0070). */
const CHARGE_EVERY_MS = 5 * 60_000;

/**
 * The card subscriptions' charging loop, woken at once by a new card. Each pass asks Kushki
 * again to let go the removed cards it could not be told of (ADR 0080), settles or releases
 * the charges a crash left unanswered (ADR 0072), then charges.
 */
export function cardSubscriptionLoop(deps: PaymentsDeps, everyMs = CHARGE_EVERY_MS): WorkLoop {
  return new WorkLoop({
    name: 'card subscription charges',
    pass: async () => {
      const released = await releaseRemovedCards(deps);
      if (released > 0) deps.logger.info({ released }, 'removed cards let go at Kushki');
      const reconciled = await reconcileCardCharges(deps);
      if (Object.values(reconciled).some((n) => n > 0))
        deps.logger.info(reconciled, 'unanswered card subscription charges reconciled');
      const charged = await chargeDueMonths(deps);
      if (charged > 0) deps.logger.info({ charged }, 'card subscription months charged');
      return { more: false };
    },
    idleMs: everyMs,
    logger: deps.logger,
    listen: {
      db: deps.db as unknown as Database<Record<string, unknown>>,
      channel: CARD_CHARGES_CHANNEL,
    },
  });
}
