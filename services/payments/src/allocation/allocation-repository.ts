import { getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import type { Allocation } from '@cuota/contracts/payments/payins';
import type { Executor } from '@cuota/messaging/transaction';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import { allocations } from '../schema';
import { insertFromRecords, jsonRecords } from '../json-records-sql';
import { NOTHING_APPLIED, type Applied, type OrderAllocation } from './allocation-rules';

/** The only code that reads or writes `allocations` (money applied to billing's orders). */
export type AllocationRow = typeof allocations.$inferSelect;

const p = sql.placeholder;

export const toAllocation = (a: OrderAllocation): Allocation => ({
  order_id: a.orderId,
  student_id: a.studentId,
  concept_id: a.conceptId,
  concept_name: a.conceptName,
  concept_type: a.conceptType,
  period: a.period,
  base_centavos: a.baseCentavos,
  late_fee_centavos: a.lateFeeCentavos,
  // Billing's quotes carry no discounts yet (issue 17 adds them with the allocation rules).
  discount_centavos: 0,
});

export const rowToAllocation = (row: AllocationRow): OrderAllocation => ({
  orderId: row.orderId,
  studentId: row.studentId,
  conceptId: row.conceptId,
  conceptName: row.conceptName,
  conceptType: row.conceptType,
  period: row.period,
  baseCentavos: row.baseCentavos,
  lateFeeCentavos: row.lateFeeCentavos,
});

export type AllocationSource =
  | { payinId: string }
  | { creditApplicationId: string }
  /** A reversal's rows are the undone allocations, negated (ADR 0036). */
  | { reversalId: string };

export async function insertAllocations(
  tx: Executor,
  schoolId: string,
  source: AllocationSource,
  list: OrderAllocation[],
): Promise<void> {
  if (!list.length) return;
  await tx.insert(allocations).values(list.map((a) => ({ ...a, ...source, schoolId })));
}

/** The allocations' columns a settlement writes (all but the serial and the default time). */
const written = Object.values(getTableColumns(allocations)).filter(
  (c) => c.name !== 'seq' && c.name !== 'created_at',
);

/**
 * The allocations' INSERT for a statement prepared once (issue 18's burst): the rows travel as the
 * placeholder `allocations`, given by `allocationRecordsOf`; none inserts nothing.
 */
export const allocationsInsertPrepared = () =>
  insertFromRecords(allocations, written, p('allocations'));

/** The placeholder `allocations` of `allocationsInsertPrepared`: each source's list. */
export const allocationRecordsOf = (
  sets: { schoolId: string; source: AllocationSource; list: OrderAllocation[] }[],
) =>
  jsonRecords(
    allocations,
    sets.flatMap(({ schoolId, source, list }) => list.map((a) => ({ ...a, ...source, schoolId }))),
  );

/**
 * Serialises everything that allocates to a student's orders (desk payments, card
 * settlements, credit applications) for the rest of the transaction. Sorted, so two
 * transactions that share students take their locks in the same order.
 */
export async function lockStudents(tx: Executor, studentIds: string[]): Promise<void> {
  const ids = [...new Set(studentIds)];
  if (!ids.length) return;
  // One statement (issue 18's burst: one per student); OFFSET 0 keeps the sorted subquery
  // apart, so the locks are taken in its order.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('student:' || id, 0))
    FROM (SELECT id FROM unnest(${sql.param(ids)}::text[]) AS ids(id) ORDER BY id COLLATE "C" OFFSET 0) AS s`);
}

/** The newest allocation's seq: what a quote taken now already could have seen. */
export async function allocationWatermark(db: Executor): Promise<number> {
  const [row] = await db.select({ seq: watermarkSql() }).from(sql`(VALUES (1)) AS now(one)`);
  return Number(row!.seq);
}

/** The newest allocation's seq as a scalar subquery (text: a bigint), to read beside others. */
export const watermarkSql = () =>
  sql<string>`(SELECT coalesce(max(${allocations.seq}), 0)::text FROM ${allocations})`;

/** Payments' allocations to some orders read together, before a quote (a checkout's opening). */
export interface AppliedRead {
  /** Each order's sums; an order without allocations is absent. */
  applied: Map<string, Applied>;
  /** How many allocations that is: the payin's insert checks none came since (issue 18). */
  counted: number;
}

/**
 * What payments applied to each order of the text[] `orderIds`, as one jsonb value to read
 * beside others in one statement (a checkout's opening read, issue 18): `[[order id, base,
 * late fee, allocations], …]`, given to `appliedRead`.
 */
export const appliedSql = (orderIds: SQLWrapper) =>
  sql<
    [string, number, number, number][]
  >`(SELECT coalesce(jsonb_agg(jsonb_build_array(a.order_id, a.base, a.late_fee, a.n)), '[]')
    FROM (SELECT ${allocations.orderId} AS order_id, sum(${allocations.baseCentavos}) AS base,
                 sum(${allocations.lateFeeCentavos}) AS late_fee, count(*) AS n
            FROM ${allocations} WHERE ${allocations.orderId} = ANY(${orderIds}::text[])
           GROUP BY ${allocations.orderId}) AS a)`;

export function appliedRead(rows: [string, number, number, number][]): AppliedRead {
  return {
    applied: new Map(rows.map(([orderId, base, lateFee]) => [orderId, { base, lateFee }])),
    counted: rows.reduce((s, r) => s + r[3], 0),
  };
}

/** How many allocations the text[] `orderIds` have now (the count `appliedRead` gave). */
export const allocationsCountSql = (orderIds: SQLWrapper) =>
  sql`(SELECT count(*) FROM ${allocations} WHERE ${allocations.orderId} = ANY(${orderIds}::text[]))`;

/** Built once per database (issue 18's burst: Drizzle building it was CPU on every checkout). */
const appliedStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({
      orderId: allocations.orderId,
      base: sql<string>`sum(${allocations.baseCentavos})::text`,
      lateFee: sql<string>`sum(${allocations.lateFeeCentavos})::text`,
      baseSince: sql<string>`coalesce(sum(${allocations.baseCentavos}) FILTER (WHERE ${allocations.seq} > ${p('afterSeq')}), 0)::text`,
      lateFeeSince: sql<string>`coalesce(sum(${allocations.lateFeeCentavos}) FILTER (WHERE ${allocations.seq} > ${p('afterSeq')}), 0)::text`,
    })
    .from(allocations)
    .where(sql`${allocations.orderId} = ANY(${p('orderIds')}::text[])`)
    .groupBy(allocations.orderId)
    .prepare('payments_applied_to_orders'),
);

/** What payments applied to each order: in all, and after `afterSeq` (not in the quote). */
export async function appliedToOrders(
  db: Executor,
  orderIds: string[],
  afterSeq: number,
): Promise<Map<string, { all: Applied; sinceQuote: Applied }>> {
  const applied = new Map<string, { all: Applied; sinceQuote: Applied }>(
    orderIds.map((id) => [id, { all: NOTHING_APPLIED, sinceQuote: NOTHING_APPLIED }]),
  );
  if (!orderIds.length) return applied;
  const rows = await appliedStatement(db).execute({ orderIds, afterSeq });
  for (const r of rows)
    applied.set(r.orderId, {
      all: { base: Number(r.base), lateFee: Number(r.lateFee) },
      sinceQuote: { base: Number(r.baseSince), lateFee: Number(r.lateFeeSince) },
    });
  return applied;
}

/** Every allocation to `orderIds`, its seq and amounts (a batch's settlements read them once). */
export function allocationsToOrders(
  db: Executor,
  orderIds: string[],
): Promise<{ orderId: string; seq: number; base: number; lateFee: number }[]> {
  return orderIds.length ? allocationRows(db).execute({ orderIds }) : Promise.resolve([]);
}

const allocationRows = preparedPerDatabase((db: Executor) =>
  db
    .select({
      orderId: allocations.orderId,
      seq: allocations.seq,
      base: allocations.baseCentavos,
      lateFee: allocations.lateFeeCentavos,
    })
    .from(allocations)
    .where(sql`${allocations.orderId} = ANY(${p('orderIds')}::text[])`)
    .prepare('payments_allocations_to_orders'),
);
