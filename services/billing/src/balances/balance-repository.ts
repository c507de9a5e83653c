import { sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { logFacetChanges } from '../due-orders/due-facet-repository';

/**
 * The only code that writes `student_balances` (ADR 0016). Called in the transaction that
 * changed the students' orders, so the report never disagrees with them; each refresh logs
 * its students for Adeudos' filters (due-facet-repository.ts).
 */

/** An order's last day of grace, in SQL (its copied late-fee rule's grace days). */
export const graceEndsSql = (orders: string) =>
  sql.raw(`${orders}.due_on + COALESCE((${orders}.late_fee->>'grace_days')::int, 0)`);

/** Recomputes these students' balances from their orders (a payment, a void). */
export async function refreshBalances(tx: Executor, schoolId: string, studentIds: string[]) {
  if (studentIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO student_balances (student_id, school_id, open_orders, pending_centavos, oldest_due_on, grace_ends_on)
    SELECT s.id, ${schoolId},
           count(o.id) FILTER (WHERE o.total_centavos > o.paid_base_centavos),
           COALESCE(sum(o.total_centavos - o.paid_base_centavos), 0),
           min(o.due_on) FILTER (WHERE o.total_centavos > o.paid_base_centavos),
           min(${graceEndsSql('o')}) FILTER (WHERE o.total_centavos > o.paid_base_centavos)
      FROM unnest(${sql.param(studentIds)}::text[]) AS s(id)
      LEFT JOIN orders o ON o.student_id = s.id
     GROUP BY s.id
    ON CONFLICT (student_id) DO UPDATE SET
      open_orders = excluded.open_orders,
      pending_centavos = excluded.pending_centavos,
      oldest_due_on = excluded.oldest_due_on,
      grace_ends_on = excluded.grace_ends_on`);
  await logFacetChanges(tx, schoolId, studentIds);
}

/** What each school is still owed in base amounts: the ledger's receivables must equal it. */
export async function openBaseBySchool(db: Executor, schoolIds?: string[]) {
  const { rows } = await db.execute<{ school_id: string; open_base_centavos: string }>(sql`
    SELECT school_id, sum(total_centavos - paid_base_centavos) AS open_base_centavos
      FROM orders
     WHERE ${schoolIds ? sql`school_id = ANY(${sql.param(schoolIds)}::text[])` : sql`true`}
     GROUP BY school_id ORDER BY school_id`);
  return rows.map((r) => ({
    school_id: r.school_id,
    open_base_centavos: Number(r.open_base_centavos),
  }));
}
