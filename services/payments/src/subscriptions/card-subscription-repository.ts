import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CardChargeStatus } from '@cuota/contracts/payments/card-subscriptions';
import type { Executor } from '@cuota/messaging/transaction';
import { cardSubscriptionCharges, cardSubscriptions } from '../schema';

/** The only code that reads or writes `card_subscriptions` and their charges (ADR 0070). */
export type CardSubscriptionRow = typeof cardSubscriptions.$inferSelect;
export type CardChargeRow = typeof cardSubscriptionCharges.$inferSelect;
export type NewCardSubscription = Omit<
  CardSubscriptionRow,
  'id' | 'status' | 'createdAt' | 'canceledAt' | 'gatewayReleasedAt'
>;

/** The charging loop's NOTIFY channel: a new card is charged its month at once. */
export const CARD_CHARGES_CHANNEL = 'payments_card_subscriptions';

/** Wakes the charging loop when the caller's transaction commits. */
export async function wakeCharger(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CARD_CHARGES_CHANNEL}, '')`);
}

/** Serialises the creates of one billing subscription until the transaction ends. */
export async function lockBillingSubscription(tx: Executor, billingSubscriptionId: string) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`card-subscription:${billingSubscriptionId}`}, 0))`,
  );
}

export async function cardSubscriptionOf(
  db: Executor,
  billingSubscriptionId: string,
): Promise<CardSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(cardSubscriptions)
    .where(eq(cardSubscriptions.billingSubscriptionId, billingSubscriptionId));
  return row ?? null;
}

/** A new card for the billing subscription: a cancelled one is taken up with it. */
export async function saveActiveCardSubscription(
  tx: Executor,
  card: NewCardSubscription,
): Promise<CardSubscriptionRow> {
  const [row] = await tx
    .insert(cardSubscriptions)
    .values({ ...card, status: 'ACTIVE' })
    .onConflictDoUpdate({
      target: cardSubscriptions.billingSubscriptionId,
      set: {
        ...card,
        status: 'ACTIVE',
        canceledAt: null,
        gatewayReleasedAt: null,
        createdAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function cancelCardSubscription(
  db: Executor,
  id: string,
  at: Date,
): Promise<CardSubscriptionRow> {
  const [row] = await db
    .update(cardSubscriptions)
    .set({ status: 'CANCELED', canceledAt: sql`coalesce(${cardSubscriptions.canceledAt}, ${at})` })
    .where(eq(cardSubscriptions.id, id))
    .returning();
  return row!;
}

/** Cancelled cards Kushki was not yet heard to let go, oldest first (ADR 0080). */
export function unreleasedCards(db: Executor, limit = 100): Promise<CardSubscriptionRow[]> {
  return db
    .select()
    .from(cardSubscriptions)
    .where(
      and(eq(cardSubscriptions.status, 'CANCELED'), isNull(cardSubscriptions.gatewayReleasedAt)),
    )
    .orderBy(asc(cardSubscriptions.canceledAt))
    .limit(limit);
}

/** Kushki let the cancelled card go: it is not asked again. */
export async function markReleased(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(cardSubscriptions)
    .set({ gatewayReleasedAt: at })
    .where(and(eq(cardSubscriptions.id, id), eq(cardSubscriptions.status, 'CANCELED')));
}

/** The card subscriptions of a family's students in a school, newest first. */
export function cardSubscriptionsOfStudents(
  db: Executor,
  schoolId: string,
  studentIds: string[],
): Promise<CardSubscriptionRow[]> {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(cardSubscriptions)
    .where(
      and(
        eq(cardSubscriptions.schoolId, schoolId),
        inArray(cardSubscriptions.studentId, studentIds),
      ),
    )
    .orderBy(desc(cardSubscriptions.createdAt));
}

export function activeCardSubscriptions(db: Executor): Promise<CardSubscriptionRow[]> {
  return db.select().from(cardSubscriptions).where(eq(cardSubscriptions.status, 'ACTIVE'));
}

/** The charges of these card subscriptions, newest first. */
export function chargesOf(db: Executor, cardSubscriptionIds: string[]): Promise<CardChargeRow[]> {
  if (cardSubscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(cardSubscriptionCharges)
    .where(inArray(cardSubscriptionCharges.cardSubscriptionId, cardSubscriptionIds))
    .orderBy(desc(cardSubscriptionCharges.createdAt));
}

/** Which of these orders were ever charged (whatever came of it). */
export async function chargedOrders(db: Executor, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: cardSubscriptionCharges.orderId })
    .from(cardSubscriptionCharges)
    .where(inArray(cardSubscriptionCharges.orderId, orderIds));
  return new Set(rows.map((r) => r.orderId));
}

/**
 * Claims an order's one charge before Kushki is called, in the caller's transaction; null
 * when it was claimed already (a concurrent pass, or any earlier one: an order is never
 * charged twice by card) or the card was cancelled meanwhile (its row is read FOR SHARE, so
 * a cancel waits for the claim, and a claim after the cancel sees it).
 */
export async function claimCharge(
  tx: Executor,
  charge: { cardSubscriptionId: string; orderId: string; period: string | null; amount: number },
): Promise<CardChargeRow | null> {
  const [card] = await tx
    .select({ status: cardSubscriptions.status })
    .from(cardSubscriptions)
    .where(eq(cardSubscriptions.id, charge.cardSubscriptionId))
    .for('share');
  if (card?.status !== 'ACTIVE') return null;
  const [row] = await tx
    .insert(cardSubscriptionCharges)
    .values({
      cardSubscriptionId: charge.cardSubscriptionId,
      orderId: charge.orderId,
      period: charge.period,
      amountCentavos: charge.amount,
      status: 'PENDING',
    })
    .onConflictDoNothing({ target: cardSubscriptionCharges.orderId })
    .returning();
  return row ?? null;
}

/** Claimed charges Kushki never answered (a crash, a timeout, a 5xx). */
const UNANSWERED: CardChargeStatus[] = ['PENDING', 'UNKNOWN'];

/**
 * Kushki's answer, from its call or found later by the reconciliation: only a charge still
 * unanswered takes it, so the two never overwrite each other.
 */
export async function recordChargeOutcome(
  db: Executor,
  id: string,
  outcome: { status: CardChargeStatus; ticketNumber?: string; message?: string },
): Promise<void> {
  await db
    .update(cardSubscriptionCharges)
    .set({
      status: outcome.status,
      ticketNumber: outcome.ticketNumber ?? null,
      message: outcome.message ?? null,
    })
    .where(
      and(eq(cardSubscriptionCharges.id, id), inArray(cardSubscriptionCharges.status, UNANSWERED)),
    );
}

/** The charges claimed before `before` still without Kushki's answer, oldest first. */
export function unansweredCharges(
  db: Executor,
  before: Date,
): Promise<{ charge: CardChargeRow; card: CardSubscriptionRow }[]> {
  return db
    .select({ charge: cardSubscriptionCharges, card: cardSubscriptions })
    .from(cardSubscriptionCharges)
    .innerJoin(
      cardSubscriptions,
      eq(cardSubscriptions.id, cardSubscriptionCharges.cardSubscriptionId),
    )
    .where(
      and(
        inArray(cardSubscriptionCharges.status, UNANSWERED),
        lt(cardSubscriptionCharges.createdAt, before),
      ),
    )
    .orderBy(asc(cardSubscriptionCharges.createdAt));
}

/**
 * A claim Kushki never charged: removed, so the order's month is charged on a later pass
 * (no money moved: nothing to post). Only while still unanswered.
 */
export async function releaseCharge(db: Executor, id: string): Promise<void> {
  await db
    .delete(cardSubscriptionCharges)
    .where(
      and(eq(cardSubscriptionCharges.id, id), inArray(cardSubscriptionCharges.status, UNANSWERED)),
    );
}
