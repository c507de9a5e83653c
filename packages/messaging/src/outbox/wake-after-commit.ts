import { sql } from 'drizzle-orm';
import type { Executor } from '../transaction';
import { OUTBOX_CHANNEL } from './outbox-schema';

/** Transactions whose events wake the relay after their commit (value: whether any were). */
const wakeAfter = new WeakMap<object, { enqueued: boolean }>();

/**
 * Runs `work` in a transaction that notifies the outbox relay after it commits, not at the
 * commit. PostgreSQL serialises the commits of notifying transactions on one cluster-wide
 * lock held through their WAL flush (issue 18: a burst's settlements queued on it, holding
 * the receipt folio row); a commit without NOTIFY flushes beside the others. The wake-ups of
 * many commits fold into one statement in flight at a time; a lost one (crash right after
 * the commit) leaves the events to the relay's poll, as a lost listener would.
 */
export async function transactionWakingRelay<T>(
  db: Executor,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  let mark = { enqueued: false };
  const result = await db.transaction(async (tx) => {
    mark = { enqueued: false };
    wakeAfter.set(tx, mark);
    return work(tx);
  });
  if (mark.enqueued) wakeRelay(db);
  return result;
}

/** True when `tx` wakes the relay after its commit: the enqueue then needs no NOTIFY. */
export function wakesAfterCommit(tx: Executor): boolean {
  const mark = wakeAfter.get(tx);
  if (mark) mark.enqueued = true;
  return mark !== undefined;
}

const wakes = new WeakMap<object, { inFlight: boolean; again: boolean }>();

/**
 * One NOTIFY at a time per database; a commit that lands while one is in flight sends one
 * more after it, so the relay always hears of the last commit. The NOTIFY's own transaction
 * commits without waiting for its WAL flush: it changes nothing a crash could lose.
 */
function wakeRelay(db: Executor): void {
  let state = wakes.get(db);
  if (!state) wakes.set(db, (state = { inFlight: false, again: false }));
  if (state.inFlight) {
    state.again = true;
    return;
  }
  state.inFlight = true;
  const sent = state;
  void db
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
