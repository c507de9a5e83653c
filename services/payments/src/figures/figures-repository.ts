import { sql } from 'drizzle-orm';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { PaymentMethod } from '@cuota/contracts/payments/payins';
import type { Executor } from '@cuota/messaging/transaction';
import { allocations, payinReversals, payins, studentDirectory } from '../schema';

/** A school and a range of Mexico City dates, both inclusive. */
export interface DayRange {
  schoolId: string;
  from: string;
  to: string;
}

/** Money of one method on one day (centavos), and how many payins or reversals moved it. */
export interface DayMethodSum {
  date: string;
  method: PaymentMethod;
  n: number;
  centavos: number;
}

export const day = (at: unknown) => sql`(${at} AT TIME ZONE 'America/Mexico_City')::date`;

/** `at` on one of the range's Mexico City days, as an index on `at` reads it (ADR 0085). */
const withinDays = (at: unknown, r: DayRange) =>
  sql`${at} >= (${r.from}::date::timestamp AT TIME ZONE 'America/Mexico_City')
      AND ${at} < ((${r.to}::date + 1)::timestamp AT TIME ZONE 'America/Mexico_City')`;

export const toSums = (rows: Record<string, unknown>[]): DayMethodSum[] =>
  rows.map((r) => ({
    date: String(r.date),
    method: r.method as PaymentMethod,
    n: Number(r.n),
    centavos: Number(r.centavos),
  }));

/** Payins by the day they were paid (whatever happened to them later) and method. */
export async function paidByDay(db: Executor, r: DayRange): Promise<DayMethodSum[]> {
  const { rows } = await db.execute(sql`
    SELECT ${day(payins.paidAt)}::text AS date, ${payins.method} AS method,
           count(*) AS n, sum(${payins.amountCentavos})::text AS centavos
      FROM ${payins}
     WHERE ${payins.schoolId} = ${r.schoolId} AND ${payins.paidAt} IS NOT NULL
       AND ${withinDays(payins.paidAt, r)}
     GROUP BY 1, 2 ORDER BY 1, 2`);
  return toSums(rows);
}

/** Voids and refunds by the day the books moved and the reversed payin's method. */
export async function reversedByDay(db: Executor, r: DayRange): Promise<DayMethodSum[]> {
  const { rows } = await db.execute(sql`
    SELECT ${day(payinReversals.appliedAt)}::text AS date, ${payins.method} AS method,
           count(*) AS n, sum(${payinReversals.amountCentavos})::text AS centavos
      FROM ${payinReversals}
      JOIN ${payins} ON ${payins.id} = ${payinReversals.payinId}
     WHERE ${payinReversals.schoolId} = ${r.schoolId} AND ${payinReversals.status} = 'applied'
       AND ${withinDays(payinReversals.appliedAt, r)}
     GROUP BY 1, 2 ORDER BY 1, 2`);
  return toSums(rows);
}

/**
 * What payins paid in the range brought, by the level of the student it went to: each
 * order's money to its student, the credit left to the credit's student.
 */
export async function paidByLevel(
  db: Executor,
  r: DayRange,
): Promise<{ level: EducationLevel | null; centavos: number }[]> {
  const { rows } = await db.execute<{ level: EducationLevel | null; centavos: string }>(sql`
    WITH paid AS (
      SELECT ${payins.id} AS id, ${payins.creditStudentId} AS credit_student_id,
             ${payins.creditCreatedCentavos} AS credit
        FROM ${payins}
       WHERE ${payins.schoolId} = ${r.schoolId} AND ${payins.paidAt} IS NOT NULL
         AND ${withinDays(payins.paidAt, r)}),
    money AS (
      SELECT ${allocations.studentId} AS student_id,
             ${allocations.baseCentavos} + ${allocations.lateFeeCentavos} AS centavos
        FROM ${allocations} JOIN paid ON paid.id = ${allocations.payinId}
      UNION ALL
      SELECT credit_student_id, credit FROM paid WHERE credit > 0)
    SELECT d.level, sum(money.centavos)::text AS centavos
      FROM money LEFT JOIN ${studentDirectory} d ON d.student_id = money.student_id
     GROUP BY d.level ORDER BY d.level NULLS LAST`);
  return rows.map((row) => ({ level: row.level, centavos: Number(row.centavos) }));
}

/**
 * What payins paid in the range allocated to orders, by the order's concept and its student's
 * level (base and late fee, whatever happened to the payin later, as `paidByDay`).
 */
export async function paidByConceptAndLevel(
  db: Executor,
  r: DayRange,
): Promise<{ concept_name: string; level: EducationLevel | null; collected_centavos: number }[]> {
  const { rows } = await db.execute<{
    concept_name: string;
    level: EducationLevel | null;
    centavos: string;
  }>(sql`
    SELECT ${allocations.conceptName} AS concept_name, d.level,
           sum(${allocations.baseCentavos} + ${allocations.lateFeeCentavos})::text AS centavos
      FROM ${allocations}
      JOIN ${payins} ON ${payins.id} = ${allocations.payinId}
      LEFT JOIN ${studentDirectory} d ON d.student_id = ${allocations.studentId}
     WHERE ${payins.schoolId} = ${r.schoolId} AND ${payins.paidAt} IS NOT NULL
       AND ${withinDays(payins.paidAt, r)}
     GROUP BY 1, 2`);
  return rows.map((row) => ({
    concept_name: row.concept_name,
    level: row.level,
    collected_centavos: Number(row.centavos),
  }));
}
