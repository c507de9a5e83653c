import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import type { OrderAdjusted } from '@cuota/contracts/events/billing.order.adjusted.v1';
import {
  ordersAdjustedParts,
  ordersAdjustedV1,
  type AdjustedOrder,
} from '@cuota/contracts/events/billing.orders.adjusted.v1';
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
 * bill run's scholarships, each order its own): the same trail entries and balances, the
 * events as `billing.orders.adjusted` parts, in a few statements instead of five per order.
 * Orders it would not change are left out.
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
  await enqueueScholarshipsAdjusted(tx, schoolId, moving, rows, c);
  await refreshBalances(tx, schoolId, [...new Set(moving.map((i) => i.order.studentId))]);
  return moving.length;
}

async function enqueueScholarshipsAdjusted(
  tx: Executor,
  schoolId: string,
  moving: { order: OrderForPayment }[],
  audits: { order_id: string; id: string; total_centavos: number; adjusted_at: string | Date }[],
  c: Correction,
) {
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
  await enqueueOrdersAdjusted(
    tx,
    schoolId,
    c,
    moving.map(({ order: o }) => {
      const audit = auditOf.get(o.id)!;
      return {
        adjustment_id: audit.id,
        order_id: o.id,
        student_id: o.studentId,
        concept_id: o.conceptId,
        concept_type: types.get(o.conceptId)!,
        period: o.period,
        previous_total_centavos: o.totalCentavos,
        new_total_centavos: audit.total_centavos,
        adjusted_at: audit.adjusted_at,
      };
    }),
  );
}

type MovedOrder = Omit<AdjustedOrder, 'adjusted_at'> & { adjusted_at: string | Date };

/**
 * A multi-order correction's orders whose total moved, as `billing.orders.adjusted` parts of
 * at most 500 (ADR 0053): 20 outbox rows for a chunk of 10,000 orders, not 10,000.
 */
async function enqueueOrdersAdjusted(
  tx: Executor,
  schoolId: string,
  c: Correction,
  moved: MovedOrder[],
) {
  const kind = EVENT_KIND[c.kind];
  const orders = moved
    .filter((o) => o.previous_total_centavos !== o.new_total_centavos)
    .map((o) => ({ ...o, adjusted_at: new Date(o.adjusted_at).toISOString() }));
  if (!kind || orders.length === 0) return;
  const shared = { school_id: schoolId, kind, reason: c.reason, adjusted_by: c.by };
  await enqueueEvents(tx, ordersAdjustedV1, ordersAdjustedParts(shared, orders));
}

/** A scholarship's terms and which of the students' orders it reaches. */
export interface ScholarshipReach {
  kind: 'PERCENT' | 'AMOUNT';
  basisPoints: number | null;
  amountCentavos: number | null;
  conceptId: string | null;
  from: string;
}

/** `scholarshipOn` in SQL, for the order `o`: halves up, never more than its total allows. */
const scholarshipSql = (g: ScholarshipReach) => {
  const off =
    g.kind === 'PERCENT'
      ? sql`round(o.amount_centavos * ${g.basisPoints}::numeric / 10000)`
      : sql`${g.amountCentavos}::int`;
  return sql`GREATEST(0, LEAST(${off}, o.amount_centavos,
                      o.amount_centavos + o.surcharge_centavos - o.discount_centavos))::int`;
};

/**
 * One scholarship granted to many students of a school (a grant, or a massive scholarship's
 * chunk): their orders falling due from its start, not cancelled nor set to avoid
 * scholarships, are locked in id order; those without money on them (ADR 0035) get the
 * scholarship computed in the UPDATE itself, their trail rows come from its RETURNING, and
 * the rows moved come back for `billing.orders.adjusted` (ADR 0053): one round trip, where
 * reading the orders into the service first cost a chunk of 10,000 orders ~0.4 s more. The
 * UPDATE finds its rows by the locked rows' `ctid` (a TID scan; the lock holds them in place
 * until the commit): joined on `id`, the planner hashed a sequential scan of the whole
 * `orders` table for every chunk (ADR 0098).
 */
export async function correctScholarshipOfStudents(
  tx: Executor,
  schoolId: string,
  studentIds: string[],
  g: ScholarshipReach,
  c: Correction,
): Promise<{ adjusted: number; withPayments: number }> {
  const { rows } = await tx.execute<MovedOrder & { has_money: boolean; moved: boolean }>(sql`
    WITH reached AS (
      SELECT o.id, o.ctid AS tid, o.student_id, o.concept_id, o.period,
             o.scholarship_centavos AS before_s, o.total_centavos AS before_t, ${scholarshipSql(g)} AS s,
             (o.paid_base_centavos > 0 OR o.paid_late_fee_centavos > 0
              OR o.waiting_payin_id IS NOT NULL) AS has_money
        FROM orders o
       WHERE o.school_id = ${schoolId} AND o.student_id = ANY(${sql.param(studentIds)}::text[])
         ${g.conceptId ? sql`AND o.concept_id = ${g.conceptId}` : sql``}
         AND o.due_on >= ${g.from}::date AND o.canceled_at IS NULL AND o.scholarship_rule <> 'avoid'
       ORDER BY o.id FOR UPDATE
    ), updated AS (
      UPDATE orders o SET scholarship_centavos = r.s FROM reached r
       WHERE o.ctid = ANY(ARRAY(SELECT tid FROM reached WHERE NOT has_money AND s <> before_s))
         AND o.id = r.id
      RETURNING o.id, o.total_centavos
    ), trail AS (
      INSERT INTO order_adjustments AS a (order_id, school_id, kind, before, after, reason, adjusted_by, adjusted_by_name, adjusted_at)
      SELECT u.id, ${schoolId}, ${c.kind},
             jsonb_build_object('scholarshipCentavos', r.before_s, 'totalCentavos', r.before_t),
             jsonb_build_object('scholarshipCentavos', r.s, 'totalCentavos', u.total_centavos),
             ${c.reason}, ${c.by}, ${c.byName ?? null}, clock_timestamp()
        FROM updated u JOIN reached r ON r.id = u.id ORDER BY u.id
      RETURNING a.id, a.order_id, a.adjusted_at
    )
    SELECT t.id AS adjustment_id, r.id AS order_id, r.student_id, r.concept_id,
           c.concept_type, r.period, r.before_t AS previous_total_centavos,
           u.total_centavos AS new_total_centavos, t.adjusted_at, r.has_money, t.id IS NOT NULL AS moved
      FROM reached r JOIN concepts c ON c.id = r.concept_id
      LEFT JOIN trail t ON t.order_id = r.id LEFT JOIN updated u ON u.id = r.id
     ORDER BY r.id`);
  const moved = rows.filter((r) => r.moved);
  await enqueueOrdersAdjusted(tx, schoolId, c, moved);
  if (moved.length > 0)
    await refreshBalances(tx, schoolId, [...new Set(moved.map((r) => r.student_id))]);
  return { adjusted: moved.length, withPayments: rows.filter((r) => r.has_money).length };
}
