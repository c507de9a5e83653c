import { sql } from 'drizzle-orm';
import type { BillingDb } from '../billing-db';

/** The bench's own SQL: setting up a school at scale and the raw baseline it compares to. */

/** `students` active students of one school in billing's directory, in one statement. */
export async function enrolStudents(db: BillingDb, schoolId: string, students: number) {
  await db.execute(sql`
    INSERT INTO student_directory (student_id, school_id, first_name, last_name, level, status, billing_guardian_id, updated_at)
    SELECT gen_random_uuid()::text, ${schoolId}, 'Alumno ' || n, 'Apellido ' || (n % 997), 'elementary', 'active', NULL, now()
      FROM generate_series(1, ${students}) AS n`);
}

/** The same rows as a bill run, straight into `orders`: no run row, balance or event. */
export async function rawInsert(
  db: BillingDb,
  schoolId: string,
  conceptId: string,
  period: string,
) {
  await db.execute(sql`
    INSERT INTO orders (school_id, student_id, concept_id, period, due_on, amount_centavos, late_fee)
    SELECT school_id, student_id, ${conceptId}, ${period}, '2026-08-10', 485000, NULL
      FROM student_directory WHERE school_id = ${schoolId} AND status = 'active' AND level = 'elementary'`);
}

export async function deleteOrdersOf(db: BillingDb, conceptId: string) {
  await db.execute(sql`DELETE FROM orders WHERE concept_id = ${conceptId}`);
}

/** Fresh planner statistics after a bulk load (what autovacuum would do in time). */
export async function vacuumAnalyze(db: BillingDb) {
  await db.execute(sql`VACUUM ANALYZE`);
}

export async function randomStudents(db: BillingDb, n: number): Promise<string[]> {
  const { rows } = await db.execute<{ student_id: string }>(
    sql`SELECT student_id FROM student_directory ORDER BY random() LIMIT ${n}`,
  );
  return rows.map((r) => r.student_id);
}

export async function orderCount(db: BillingDb): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
  return rows[0]!.n;
}

export async function schoolStudentIds(db: BillingDb, schoolId: string): Promise<string[]> {
  const { rows } = await db.execute<{ student_id: string }>(
    sql`SELECT student_id FROM student_directory WHERE school_id = ${schoolId}`,
  );
  return rows.map((r) => r.student_id);
}
