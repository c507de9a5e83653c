import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import type { OrderAdjusted } from '@cuota/contracts/events/billing.order.adjusted.v1';
import { enqueueEvent, enqueueEvents } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { refreshBalances } from '../balances/balance-repository';
import { concepts, orderAdjustments, orders } from '../schema';
import type { OrderForPayment } from './order-payment-repository';

/**
 * The only code that corrects orders (ADR 0035): each change writes its audit row and, when
 * the order's total moved, one `billing.order.adjusted` keyed by that row, in the caller's
 * transaction; a change that changes nothing writes nothing.
 */
export type OrderChanges = Partial<
  Pick<
    OrderForPayment,
    | 'amountCentavos'
    | 'scholarshipCentavos'
    | 'discountCentavos'
    | 'surchargeCentavos'
    | 'interestForgiven'
    | 'dueOn'
    | 'canceledAt'
    | 'scholarshipRule'
    | 'lateFee'
  >
>;

/** What the trail calls a correction; avoid/force are scholarship changes to payments. */
export type CorrectionKind =
  OrderAdjusted['kind'] | 'due_edited' | 'scholarship_avoided' | 'scholarship_forced' | 'replaced';
const EVENT_KIND: Record<CorrectionKind, OrderAdjusted['kind'] | null> = {
  scholarship: 'scholarship',
  discount: 'discount',
  surcharge: 'surcharge',
  interest_forgiven: 'interest_forgiven',
  base_edited: 'base_edited',
  price_changed: 'price_changed',
  canceled: 'canceled',
  reinstated: 'reinstated',
  due_edited: null,
  scholarship_avoided: 'scholarship',
  scholarship_forced: 'scholarship',
  // The book-keeper's PUT: what moves the total is the base.
  replaced: 'base_edited',
};

export interface Correction {
  kind: CorrectionKind;
  reason: string;
  by: string | null;
  /** The staff member's name, when a person (not a bill run) made it. */
  byName?: string | null;
}

/** One order, locked for a correction (concurrent corrections of it queue here). */
export async function lockOrder(tx: Executor, id: string): Promise<OrderForPayment | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** The order's audit trail, oldest first. */
export function adjustmentsOfOrder(db: Executor, orderId: string) {
  return db
    .select()
    .from(orderAdjustments)
    .where(eq(orderAdjustments.orderId, orderId))
    .orderBy(asc(orderAdjustments.adjustedAt), asc(orderAdjustments.id));
}

/** The student's orders from a due date on (of one concept, if given), locked in id order. */
export function lockOrdersOfStudents(
  tx: Executor,
  schoolId: string,
  studentIds: string[],
  { conceptId, from }: { conceptId: string | null; from: string },
): Promise<OrderForPayment[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.schoolId, schoolId),
        sql`${orders.studentId} = ANY(${sql.param(studentIds)}::text[])`,
        conceptId ? eq(orders.conceptId, conceptId) : undefined,
        gte(orders.dueOn, from),
        isNull(orders.canceledAt),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
}

/** A concept's orders not cancelled falling due from a date on, locked in id order. */
export function lockOrdersOfConcept(
  tx: Executor,
  conceptId: string,
  from: string,
): Promise<OrderForPayment[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.conceptId, conceptId), gte(orders.dueOn, from), isNull(orders.canceledAt)))
    .orderBy(asc(orders.id))
    .for('update');
}

/** Canonical text of a value: jsonb (the late-fee rule) keeps no key order. */
const canonical = (v: unknown): string =>
  v !== null && typeof v === 'object' && !(v instanceof Date)
    ? JSON.stringify(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
    : String(v);

/** Whether a correction's value is what the order already has. */
export const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const changedFields = (o: OrderForPayment, changes: OrderChanges) =>
  (Object.keys(changes) as (keyof OrderChanges)[]).filter((k) => !sameValue(o[k], changes[k]));

/** Applies one correction to a locked order; false when it would change nothing. */
export async function correctOrder(
  tx: Executor,
  o: OrderForPayment,
  changes: OrderChanges,
  c: Correction,
): Promise<boolean> {
  const fields = changedFields(o, changes);
  if (fields.length === 0) return false;
  const [after] = await tx.update(orders).set(changes).where(eq(orders.id, o.id)).returning();
  const pick = (row: OrderForPayment) =>
    Object.fromEntries(
      [...fields, 'totalCentavos'].map((k) => [k, row[k as keyof OrderForPayment]]),
    );
  const [audit] = await tx
    .insert(orderAdjustments)
    .values({
      orderId: o.id,
      schoolId: o.schoolId,
      kind: c.kind,
      before: pick(o),
      after: pick(after!),
      reason: c.reason,
      adjustedBy: c.by,
      adjustedByName: c.byName ?? null,
      // When the lock was won, not when the transaction began: the trail reads in that order.
      adjustedAt: sql`clock_timestamp()`,
    })
    .returning();
  const eventKind = EVENT_KIND[c.kind];
  if (eventKind && after!.totalCentavos !== o.totalCentavos)
    await enqueueAdjusted(tx, o, after!, { ...c, kind: eventKind }, audit!);
  await refreshBalances(tx, o.schoolId, [o.studentId]);
  return true;
}

async function enqueueAdjusted(
  tx: Executor,
  before: OrderForPayment,
  after: OrderForPayment,
  c: Omit<Correction, 'kind'> & { kind: OrderAdjusted['kind'] },
  audit: typeof orderAdjustments.$inferSelect,
) {
  const [concept] = await tx
    .select({ type: concepts.conceptType })
    .from(concepts)
    .where(eq(concepts.id, before.conceptId));
  await enqueueEvent(tx, orderAdjustedV1, {
    adjustment_id: audit.id,
    order_id: before.id,
    school_id: before.schoolId,
    student_id: before.studentId,
    concept_id: before.conceptId,
    concept_type: concept!.type,
    period: before.period,
    kind: c.kind,
    previous_total_centavos: before.totalCentavos,
    new_total_centavos: after.totalCentavos,
    reason: c.reason,
    adjusted_at: audit.adjustedAt.toISOString(),
    adjusted_by: c.by,
  });
}

/** The school's orders of one concept and period (null: a one-time concept) for some students. */
export function ordersOfConceptPeriod(
  tx: Executor,
  t: { schoolId: string; conceptId: string; period: string | null; studentIds: string[] },
): Promise<OrderForPayment[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.schoolId, t.schoolId),
        eq(orders.conceptId, t.conceptId),
        t.period === null ? isNull(orders.period) : eq(orders.period, t.period),
        inArray(orders.studentId, t.studentIds),
      ),
    )
    .orderBy(asc(orders.studentId));
}

/**
 * `correctOrder` of a new scholarship amount on many locked orders of one school at once (a
 * massive scholarship, ADR 0040): the same trail entries, events and balances, in a few
 * statements instead of five per order. Orders it would not change are left out.
 */
export async function correctScholarships(
  tx: Executor,
  schoolId: string,
  items: { order: OrderForPayment; scholarshipCentavos: number }[],
  c: Correction,
): Promise<number> {
  const moving = items.filter((i) => i.order.scholarshipCentavos !== i.scholarshipCentavos);
  if (moving.length === 0) return 0;
  // One statement: the orders and their trail entries (a multi-row INSERT of the entries
  // took 0.7 ms a row on the bench).
  const { rows } = await tx.execute<{
    order_id: string;
    id: string;
    total_centavos: number;
    adjusted_at: string | Date;
  }>(sql`
    WITH v AS (
      SELECT * FROM unnest(${sql.param(moving.map((i) => i.order.id))}::uuid[],
                           ${sql.param(moving.map((i) => i.scholarshipCentavos))}::int[],
                           ${sql.param(moving.map((i) => i.order.scholarshipCentavos))}::int[],
                           ${sql.param(moving.map((i) => i.order.totalCentavos))}::int[])
               AS v(id, s, before_s, before_t)
    ), updated AS (
      UPDATE orders o SET scholarship_centavos = v.s FROM v WHERE o.id = v.id
      RETURNING o.id, o.total_centavos
    )
    INSERT INTO order_adjustments AS a (order_id, school_id, kind, before, after, reason, adjusted_by, adjusted_by_name, adjusted_at)
    SELECT u.id, ${schoolId}, ${c.kind},
           jsonb_build_object('scholarshipCentavos', v.before_s, 'totalCentavos', v.before_t),
           jsonb_build_object('scholarshipCentavos', v.s, 'totalCentavos', u.total_centavos),
           ${c.reason}, ${c.by}, ${c.byName ?? null}, clock_timestamp()
      FROM updated u JOIN v ON v.id = u.id ORDER BY u.id
    RETURNING a.order_id, a.id, (a.after->>'totalCentavos')::int AS total_centavos, a.adjusted_at`);
  await enqueueScholarshipsAdjusted(tx, moving, rows, c);
  await refreshBalances(tx, schoolId, [...new Set(moving.map((i) => i.order.studentId))]);
  return moving.length;
}

async function enqueueScholarshipsAdjusted(
  tx: Executor,
  moving: { order: OrderForPayment }[],
  audits: { order_id: string; id: string; total_centavos: number; adjusted_at: string | Date }[],
  c: Correction,
) {
  const kind = EVENT_KIND[c.kind];
  if (!kind) return;
  const conceptIds = [...new Set(moving.map((i) => i.order.conceptId))];
  const types = new Map(
    (
      await tx
        .select({ id: concepts.id, type: concepts.conceptType })
        .from(concepts)
        .where(inArray(concepts.id, conceptIds))
    ).map((r) => [r.id, r.type]),
  );
  const auditOf = new Map(audits.map((a) => [a.order_id, a]));
  const events = moving
    .filter(({ order: o }) => auditOf.get(o.id)!.total_centavos !== o.totalCentavos)
    .map(({ order: o }) => {
      const audit = auditOf.get(o.id)!;
      return {
        adjustment_id: audit.id,
        order_id: o.id,
        school_id: o.schoolId,
        student_id: o.studentId,
        concept_id: o.conceptId,
        concept_type: types.get(o.conceptId)!,
        period: o.period,
        kind,
        previous_total_centavos: o.totalCentavos,
        new_total_centavos: audit.total_centavos,
        reason: c.reason,
        adjusted_at: new Date(audit.adjusted_at).toISOString(),
        adjusted_by: c.by,
      };
    });
  await enqueueEvents(tx, orderAdjustedV1, events);
}
