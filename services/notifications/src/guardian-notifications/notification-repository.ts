import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianNotifications } from '../schema';

/** The only code that touches `guardian_notifications` (the planner's SQL aside). */
export type NotificationRow = typeof guardianNotifications.$inferSelect;
export type NewNotification = typeof guardianNotifications.$inferInsert;

/** How long a claimed (SENDING) row is left to its sender before another takes it again. */
export const SENDING_LEASE_MS = 5 * 60_000;

/** PostgreSQL NOTIFY channel on which a commit that queued notifications wakes the senders. */
export const NOTIFICATIONS_DUE_CHANNEL = 'notifications_due';

/** Wakes every sender (of every instance) when the transaction commits. */
export async function announceDue(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${NOTIFICATIONS_DUE_CHANNEL}, '')`);
}

/** Writes notifications once each: a row whose dedupe key exists is left as it is. */
export async function queueNotifications(tx: Executor, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const written = await tx
    .insert(guardianNotifications)
    .values(rows)
    .onConflictDoNothing({ target: guardianNotifications.dedupeKey })
    .returning({ id: guardianNotifications.id });
  if (written.length > 0) await announceDue(tx);
  return written.map((r) => r.id);
}

/**
 * Takes up to `limit` notifications due at `now` (QUEUED, or SENDING whose sender vanished)
 * and commits them as SENDING with a lease: two senders never take the same row at once.
 */
export async function claimDue(db: Executor, now: Date, limit: number): Promise<NotificationRow[]> {
  const lease = new Date(now.getTime() + SENDING_LEASE_MS);
  const result = await db.execute<{ id: string }>(sql`
    UPDATE guardian_notifications SET status = 'SENDING', next_attempt_at = ${lease}
    WHERE id IN (
      SELECT id FROM guardian_notifications
      WHERE status IN ('QUEUED', 'SENDING') AND next_attempt_at <= ${now}
      ORDER BY next_attempt_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  if (result.rows.length === 0) return [];
  return db
    .select()
    .from(guardianNotifications)
    .where(
      inArray(
        guardianNotifications.id,
        result.rows.map((r) => r.id),
      ),
    );
}

/** A claimed row's outcome; only while it is still SENDING (a lease lost changes nothing). */
async function settle(db: Executor, id: string, changes: Partial<NewNotification>) {
  await db
    .update(guardianNotifications)
    .set(changes)
    .where(and(eq(guardianNotifications.id, id), eq(guardianNotifications.status, 'SENDING')));
}

export const markSent = (db: Executor, id: string, at: Date, providerMessageId: string | null) =>
  settle(db, id, { status: 'SENT', sentAt: at, lastError: null, providerMessageId });

export const markCanceled = (db: Executor, id: string, reason: string) =>
  settle(db, id, { status: 'CANCELED', lastError: reason });

/** Back to the queue until `at` (quiet hours, or a retry after a failure). */
export const requeue = (db: Executor, id: string, at: Date, changes: Partial<NewNotification>) =>
  settle(db, id, { status: 'QUEUED', nextAttemptAt: at, ...changes });

export const markFailed = (db: Executor, id: string, attempts: number, error: string) =>
  settle(db, id, { status: 'FAILED', attempts, lastError: error });

/**
 * A notification that failed for good goes back to the queue with its attempts reset, at
 * once (staff asked: ADR 0094). Only a FAILED one: a retry never sends what was sent.
 */
export async function retryFailed(db: Executor, id: string, now: Date): Promise<boolean> {
  const n = guardianNotifications;
  const retried = await db
    .update(n)
    .set({ status: 'QUEUED', attempts: 0, nextAttemptAt: now, lastError: null })
    .where(and(eq(n.id, id), eq(n.status, 'FAILED')))
    .returning({ id: n.id });
  if (retried.length > 0) await announceDue(db);
  return retried.length > 0;
}

/** A guardian's own notification; another family's is the same as none. */
export async function notificationOfGuardian(
  db: Executor,
  id: string,
  guardianId: string,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(guardianNotifications)
    .where(and(eq(guardianNotifications.id, id), eq(guardianNotifications.guardianId, guardianId)));
  return row;
}

/** Opened once: the first time stays (a second open changes nothing). */
export async function markOpened(
  db: Executor,
  id: string,
  guardianId: string,
  at: Date,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(guardianNotifications)
    .set({ openedAt: sql`coalesce(${guardianNotifications.openedAt}, ${at})` })
    .where(and(eq(guardianNotifications.id, id), eq(guardianNotifications.guardianId, guardianId)))
    .returning();
  return row;
}

/** What a provider reports of a sent message (ADR 0075). */
export type DeliveryReport =
  { status: 'delivered' | 'read'; at: Date } | { status: 'failed'; at: Date; error: string };

/**
 * Keeps a provider's report on the message it names: the first delivered and read times stay
 * (a repeated or late webhook changes nothing; read implies delivered), and a message the
 * provider could not deliver becomes FAILED. Returns false when no message has that id.
 */
export async function recordDelivery(
  db: Executor,
  providerMessageId: string,
  report: DeliveryReport,
): Promise<boolean> {
  const n = guardianNotifications;
  const changes: Parameters<ReturnType<typeof db.update<typeof n>>['set']>[0] =
    report.status === 'failed'
      ? { status: 'FAILED', lastError: report.error }
      : {
          deliveredAt: sql`coalesce(${n.deliveredAt}, ${report.at})`,
          ...(report.status === 'read' ? { readAt: sql`coalesce(${n.readAt}, ${report.at})` } : {}),
        };
  const found = await db
    .update(n)
    .set(changes)
    .where(eq(n.providerMessageId, providerMessageId))
    .returning({ id: n.id });
  return found.length > 0;
}
