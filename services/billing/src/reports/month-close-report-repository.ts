import { sql } from 'drizzle-orm';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { concepts, orderAllocations, orders, studentDirectory } from '../schema';

/** A school's month, Mexico City dates both inclusive; `asOf` is when it closes (or today). */
export interface CloseRange {
  schoolId: string;
  from: string;
  to: string;
  asOf: string;
}

/** The first instant after a Mexico City date. */
const endOf = (date: string) =>
  sql`((${date}::date + 1)::timestamp AT TIME ZONE 'America/Mexico_City')`;
const startOf = (date: string) =>
  sql`(${date}::date::timestamp AT TIME ZONE 'America/Mexico_City')`;

const num = (v: unknown) => Number(v ?? 0);

/** The orders due in the month and not cancelled, per concept and student level. */
export async function billedByConceptAndLevel(db: Executor, r: CloseRange) {
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    SELECT ${concepts.name} AS concept_name, ${studentDirectory.level} AS level,
           count(*) AS orders,
           sum(${orders.amountCentavos}) AS amount, sum(${orders.scholarshipCentavos}) AS scholarship,
           sum(${orders.discountCentavos}) AS discount, sum(${orders.surchargeCentavos}) AS surcharge,
           sum(${orders.totalCentavos}) AS total
      FROM ${orders}
      JOIN ${concepts} ON ${concepts.id} = ${orders.conceptId}
      LEFT JOIN ${studentDirectory} ON ${studentDirectory.studentId} = ${orders.studentId}
     WHERE ${orders.schoolId} = ${r.schoolId} AND ${orders.canceledAt} IS NULL
       AND ${orders.dueOn} BETWEEN ${r.from}::date AND ${r.to}::date
     GROUP BY 1, 2`);
  return rows.map((row) => ({
    concept_name: String(row.concept_name),
    level: row.level as EducationLevel | null,
    orders: num(row.orders),
    amount_centavos: num(row.amount),
    scholarship_centavos: num(row.scholarship),
    discount_centavos: num(row.discount),
    surcharge_centavos: num(row.surcharge),
    total_centavos: num(row.total),
  }));
}

/**
 * Late fees and early-payment discounts of what was applied in the month (net of reversals),
 * per concept and student level.
 */
export async function appliedInMonth(db: Executor, r: CloseRange) {
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    SELECT c.name AS concept_name, d.level AS level,
           sum(a.late_fee_centavos) AS late_fees, sum(a.discount_centavos) AS discounts
      FROM ${orderAllocations} a
      JOIN ${orders} o ON o.id = a.order_id
      JOIN ${concepts} c ON c.id = o.concept_id
      LEFT JOIN ${studentDirectory} d ON d.student_id = o.student_id
     WHERE o.school_id = ${r.schoolId}
       AND a.applied_at >= ${startOf(r.from)} AND a.applied_at < ${endOf(r.to)}
     GROUP BY 1, 2
    HAVING sum(a.late_fee_centavos) <> 0 OR sum(a.discount_centavos) <> 0`);
  return rows.map((row) => ({
    concept_name: String(row.concept_name),
    level: row.level as EducationLevel | null,
    late_fee_centavos: num(row.late_fees),
    early_payment_discount_centavos: num(row.discounts),
  }));
}

/**
 * What each order standing at the close still owed of its base then (its total less what was
 * applied by the end of that day), by days past due: not due, then the delinquency report's
 * buckets. Orders cancelled by then are not counted; every other order billing holds is (a
 * bill run writes a cycle's months ahead, so «por vencer» is what is billed and not yet due).
 */
export async function owedAtClose(db: Executor, r: CloseRange) {
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    WITH applied AS (
      SELECT a.order_id, sum(a.base_centavos) AS base
        FROM ${orderAllocations} a JOIN ${orders} o ON o.id = a.order_id
       WHERE o.school_id = ${r.schoolId} AND a.applied_at < ${endOf(r.asOf)}
       GROUP BY 1),
    standing AS (
      SELECT o.due_on, o.total_centavos - coalesce(applied.base, 0) AS owed
        FROM ${orders} o LEFT JOIN applied ON applied.order_id = o.id
       WHERE o.school_id = ${r.schoolId}
         AND (o.canceled_at IS NULL OR o.canceled_at >= ${endOf(r.asOf)}))
    SELECT CASE WHEN due_on >= ${r.asOf}::date THEN 'not_due'
                WHEN ${r.asOf}::date - due_on <= 30 THEN '0_30'
                WHEN ${r.asOf}::date - due_on <= 60 THEN '31_60'
                WHEN ${r.asOf}::date - due_on <= 90 THEN '61_90'
                ELSE '90_plus' END AS bucket,
           sum(owed) AS owed
      FROM standing WHERE owed > 0 GROUP BY 1`);
  const owed = { not_due: 0, '0_30': 0, '31_60': 0, '61_90': 0, '90_plus': 0, total: 0 };
  for (const row of rows) owed[row.bucket as keyof typeof owed] = num(row.owed);
  owed.total = owed['0_30'] + owed['31_60'] + owed['61_90'] + owed['90_plus'];
  return owed;
}
