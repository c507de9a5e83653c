import { sql } from 'drizzle-orm';
import type { Executor } from '../transaction';
import { OUTBOX_CHANNEL } from './outbox-schema';

const wakes = new WeakMap<object, { inFlight: boolean; again: boolean }>();

/**
 * Wakes the outbox relay after a commit that enqueued events (service-runtime's
 * `afterCommit`), not at the commit. PostgreSQL serialises the commits of notifying
 * transactions on one cluster-wide lock held through their WAL flush (ADR 0055: a burst's
 * settlements queued on it); a commit without NOTIFY flushes beside the others. One NOTIFY
 * at a time per database; commits that land while one is in flight send one more after it,
 * so the relay always hears of the last commit. A lost one (crash right after the commit)
 * leaves the events to the relay's poll, as a lost listener would. The NOTIFY's own
 * transaction commits without waiting for its WAL flush: it changes nothing a crash could lose.
 */
export function wakeRelay(db: object): void {
  let state = wakes.get(db);
  if (!state) wakes.set(db, (state = { inFlight: false, again: false }));
  if (state.inFlight) {
    state.again = true;
    return;
  }
  state.inFlight = true;
  const sent = state;
  void (db as Executor)
    .execute(
      sql`SELECT set_config('synchronous_commit', 'off', true), pg_notify(${OUTBOX_CHANNEL}, '')`,
    )
    .catch(() => undefined) // the relay's poll is the safety net
    .finally(() => {
      sent.inFlight = false;
      if (!sent.again) return;
      sent.again = false;
      wakeRelay(db);
    });
}
