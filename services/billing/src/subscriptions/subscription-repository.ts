import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SubscriptionFacts } from '@cuota/contracts/billing/requests';
import { SUBSCRIBABLE_CONCEPT_TYPES } from '@cuota/contracts/billing/subscriptions';
import { subscriptionCancelledV1 } from '@cuota/contracts/events/billing.subscriptions.cancelled.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { billRuns, concepts, orders, subscriptions } from '../schema';

/**
 * The only code that reads or writes `subscriptions`. A subscription's orders are billed and
 * cancelled by the bill-run and correction code, which enqueue their events (ADR 0029).
 */
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = Pick<
  SubscriptionRow,
  'schoolId' | 'studentId' | 'conceptId' | 'fromPeriod' | 'createdBy'
>;

export const ALREADY_SUBSCRIBED = 'Este alumno ya está suscrito a este concepto.';

/** A new active subscription; 409 when the pair already has one (the unique index decides). */
export async function insertSubscription(
  tx: Executor,
  s: NewSubscription,
): Promise<SubscriptionRow> {
  const [row] = await tx.insert(subscriptions).values(s).onConflictDoNothing().returning();
  if (!row) throw conflict(ALREADY_SUBSCRIBED);
  return row;
}

/**
 * The pair's latest cancelled subscription, locked: subscribing again takes it up (ADR 0035),
 * so two attempts at once queue here and the second finds it active.
 */
export async function lastCanceledSubscription(tx: Executor, studentId: string, conceptId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.studentId, studentId),
        eq(subscriptions.conceptId, conceptId),
        isNotNull(subscriptions.canceledAt),
      ),
    )
    .orderBy(desc(subscriptions.canceledAt))
    .limit(1)
    .for('update');
  return row;
}

/** A cancelled subscription active again (it keeps the month it first started). */
export async function reactivateSubscription(tx: Executor, id: string): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ canceledAt: null, canceledBy: null })
    .where(and(eq(subscriptions.id, id), isNotNull(subscriptions.canceledAt)))
    .returning();
  if (!row) throw conflict(ALREADY_SUBSCRIBED);
  return row;
}

export async function subscriptionById(db: Executor, id: string, { lock = false } = {}) {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Cancels the subscription and sends `billing.subscriptions.cancelled` in the same
 * transaction (ADR 0071): payments stops charging the card that paid it.
 */
export async function markSubscriptionCanceled(
  tx: Executor,
  id: string,
  by: string | null,
  at: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ canceledAt: at, canceledBy: by })
    .where(eq(subscriptions.id, id))
    .returning();
  const facts = (await subscriptionFacts(tx, id))!;
  await enqueueEvent(tx, subscriptionCancelledV1, {
    subscription_id: facts.id,
    school_id: facts.school_id,
    student_id: facts.student_id,
    concept_id: facts.concept_id,
    concept_type: facts.concept_type,
    from_period: facts.from_period,
    canceled_at: facts.canceled_at!,
    canceled_by: by,
  });
  return row!;
}

/** A subscription as other domains see it (billing.subscriptions.lookup, ADR 0071). */
export async function subscriptionFacts(
  db: Executor,
  id: string,
): Promise<SubscriptionFacts | undefined> {
  const [row] = await db
    .select({ s: subscriptions, conceptType: concepts.conceptType })
    .from(subscriptions)
    .innerJoin(concepts, eq(concepts.id, subscriptions.conceptId))
    .where(eq(subscriptions.id, id));
  if (!row) return undefined;
  const { s } = row;
  return {
    id: s.id,
    school_id: s.schoolId,
    student_id: s.studentId,
    concept_id: s.conceptId,
    concept_type: row.conceptType,
    from_period: s.fromPeriod,
    status: s.canceledAt ? 'CANCELED' : 'ACTIVE',
    canceled_at: s.canceledAt?.toISOString() ?? null,
  };
}

/** A school's subscriptions, of these students only when given, newest first. */
export function subscriptionsOfSchool(db: Executor, schoolId: string, studentIds?: string[]) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.schoolId, schoolId),
        studentIds ? inArray(subscriptions.studentId, studentIds) : undefined,
      ),
    )
    .orderBy(sql`${subscriptions.createdAt} DESC`, asc(subscriptions.id));
}

/** The students' active subscriptions, as `student:concept` keys. */
export async function activePairsOf(db: Executor, studentIds: string[]): Promise<Set<string>> {
  if (studentIds.length === 0) return new Set();
  const rows = await db
    .select({ studentId: subscriptions.studentId, conceptId: subscriptions.conceptId })
    .from(subscriptions)
    .where(and(inArray(subscriptions.studentId, studentIds), isNull(subscriptions.canceledAt)));
  return new Set(rows.map((r) => `${r.studentId}:${r.conceptId}`));
}

/** The orders each subscription's runs billed, by month. */
export async function ordersOfSubscriptions(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      subscriptionId: billRuns.subscriptionId,
      id: orders.id,
      period: orders.period,
      dueOn: orders.dueOn,
      totalCentavos: orders.totalCentavos,
      paidBaseCentavos: orders.paidBaseCentavos,
      paidLateFeeCentavos: orders.paidLateFeeCentavos,
      waitingPayinId: orders.waitingPayinId,
      canceledAt: orders.canceledAt,
    })
    .from(orders)
    .innerJoin(billRuns, eq(billRuns.id, orders.billRunId))
    .where(inArray(billRuns.subscriptionId, ids))
    .orderBy(asc(orders.dueOn));
}
export type SubscriptionOrderRow = Awaited<ReturnType<typeof ordersOfSubscriptions>>[number];

/** The school's active monthly concepts a family may subscribe to (ADR 0035). */
export function subscribableConcepts(db: Executor, schoolId: string) {
  return db
    .select()
    .from(concepts)
    .where(
      and(
        eq(concepts.schoolId, schoolId),
        eq(concepts.active, true),
        eq(concepts.recurrence, 'MONTHLY'),
        inArray(concepts.conceptType, [...SUBSCRIBABLE_CONCEPT_TYPES]),
      ),
    )
    .orderBy(asc(concepts.name), asc(concepts.id));
}

/** The months already billed to these students of these concepts, as `student:concept` keys. */
export async function billedMonthsOf(
  db: Executor,
  studentIds: string[],
  conceptIds: string[],
): Promise<Map<string, Set<string>>> {
  const billed = new Map<string, Set<string>>();
  if (studentIds.length === 0 || conceptIds.length === 0) return billed;
  const rows = await db
    .select({ studentId: orders.studentId, conceptId: orders.conceptId, period: orders.period })
    .from(orders)
    .where(
      and(
        inArray(orders.studentId, studentIds),
        inArray(orders.conceptId, conceptIds),
        sql`NOT ${reinstatable}`,
      ),
    );
  for (const r of rows) {
    const key = `${r.studentId}:${r.conceptId}`;
    billed.set(key, (billed.get(key) ?? new Set()).add(r.period ?? ''));
  }
  return billed;
}

/**
 * An order a new subscription may take up again instead of billing its month: cancelled with
 * no money, billed for a subscription since cancelled (ADR 0035). Any other cancelled order
 * keeps its month (the school cancelled it).
 */
const reinstatable = sql`(${orders.canceledAt} IS NOT NULL
  AND ${orders.paidBaseCentavos} = 0 AND ${orders.paidLateFeeCentavos} = 0
  AND ${orders.waitingPayinId} IS NULL
  AND EXISTS (SELECT 1 FROM ${billRuns} JOIN ${subscriptions}
      ON ${subscriptions.id} = ${billRuns.subscriptionId}
    WHERE ${billRuns.id} = ${orders.billRunId} AND ${subscriptions.canceledAt} IS NOT NULL))`;

/** The pair's orders a new subscription takes up again, by period. */
export async function reinstatableOrdersOf(
  db: Executor,
  studentId: string,
  conceptId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: orders.id, period: orders.period })
    .from(orders)
    .where(and(eq(orders.studentId, studentId), eq(orders.conceptId, conceptId), reinstatable));
  return new Map(rows.map((r) => [r.period ?? '', r.id]));
}

/** Name, type and price of the subscriptions' concepts, by id. */
export async function conceptsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, never>();
  const rows = await db
    .select({
      id: concepts.id,
      name: concepts.name,
      conceptType: concepts.conceptType,
      priceCentavos: concepts.priceCentavos,
    })
    .from(concepts)
    .where(inArray(concepts.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
