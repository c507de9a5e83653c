import { sql } from 'drizzle-orm';
import type { BillingDb } from '../billing-db';

/**
 * The figures bench's own SQL: a school where most families paid what fell due, and the
 * baseline every figure is compared with.
 */

/**
 * Pays in full, two days before its due date, every order due before `today` except one
 * student in `unpaidEvery`: one allocation each, as payments' events would leave them.
 */
export async function payMostDueOrders(db: BillingDb, today: string, unpaidEvery: number) {
  await db.execute(sql`
    WITH paid AS (
      UPDATE orders o SET paid_base_centavos = o.total_centavos, paid_on = o.due_on - 2
       WHERE o.due_on < ${today}::date AND abs(hashtext(o.student_id)) % ${unpaidEvery} <> 0
      RETURNING o.id, o.total_centavos, o.due_on)
    INSERT INTO order_allocations (source_id, order_id, base_centavos, late_fee_centavos, applied_at)
    SELECT 'bench-' || id, id, total_centavos, 0, (due_on - 2)::timestamp + interval '17 hours'
      FROM paid`);
}

/** One pass over the school's orders: the least any figure summed over them costs. */
export async function sumOfSchoolOrders(db: BillingDb, schoolId: string) {
  await db.execute(
    sql`SELECT count(*), sum(total_centavos) FROM orders WHERE school_id = ${schoolId}`,
  );
}
