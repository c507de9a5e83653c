import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { BillingDb } from '../billing-db';
import { releaseExpiredHolds } from './reservation-repository';

const BATCH = 100;
/** Holds last 15 minutes; a minute late is soon enough to sell the units again. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Releases the holds of abandoned checkouts in the background (ADR 0063 addendum), so an
 * item nobody reads again is sellable too; reads still release lazily before they answer.
 */
export function storeHoldSweep(
  db: BillingDb,
  logger: Logger,
  now: () => Date,
  everyMs = SWEEP_EVERY_MS,
): WorkLoop {
  return new WorkLoop({
    name: 'store hold sweep',
    pass: async () => {
      const released = await releaseExpiredHolds(db, now(), BATCH);
      if (released > 0) logger.info({ released }, 'expired store holds released');
      return { more: released === BATCH };
    },
    idleMs: everyMs,
    logger,
  });
}
