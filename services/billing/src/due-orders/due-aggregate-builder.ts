import type { Database } from '@cuota/service-runtime/db/database';
import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { BillingDb } from '../billing-db';
import { DUE_AGGREGATES_CHANNEL, schoolsToBuild } from './due-aggregate-repository';
import { refreshFacets } from './due-facet-repository';
import { rebuildNameOrder } from './name-order-repository';

/**
 * How often the builder looks without being woken: the safety net for a lost listener, and
 * how late after Mexico City's midnight the new day's filters are built (reads in between sum
 * the base tables, right but slower).
 */
const POLL_MS = 60_000;

/** After giving way to a writer (a lock wait cut short): try again soon. */
const RETRY_MS = 1_000;

/** Brings every school's Adeudos aggregates up to date as of `today`; answers how many it did. */
export async function buildDueAggregates(db: BillingDb, today: string): Promise<number> {
  const schools = await schoolsToBuild(db, today);
  for (const schoolId of schools) {
    await refreshFacets(db, schoolId, today);
    await rebuildNameOrder(db, schoolId);
  }
  return schools.length;
}

const LOCK_NOT_AVAILABLE = '55P03';
const gaveWay = (e: unknown) =>
  (e as { code?: unknown }).code === LOCK_NOT_AVAILABLE ||
  (e as { cause?: { code?: unknown } }).cause?.code === LOCK_NOT_AVAILABLE;

/**
 * Billing's builder of Adeudos' per-day aggregates (ADR 0048): woken by the commits that change
 * them (bill runs, payments, corrections, directory changes notify DUE_AGGREGATES_CHANNEL) and
 * every POLL_MS for the day change. Answers how to stop it.
 */
export function startDueAggregateBuilder(
  db: BillingDb,
  today: () => string,
  logger: Logger,
): () => Promise<void> {
  const loop = new WorkLoop({
    name: 'due aggregates builder',
    pass: async () => {
      try {
        await buildDueAggregates(db, today());
        return { more: false };
      } catch (e) {
        if (!gaveWay(e)) throw e;
        return { more: false, waitMs: RETRY_MS };
      }
    },
    idleMs: POLL_MS,
    logger,
    listen: { db: db as Database<Record<string, unknown>>, channel: DUE_AGGREGATES_CHANNEL },
  });
  loop.start();
  return () => loop.stop();
}
