import { sql } from 'drizzle-orm';
import type { PaymentsDb } from '../payments-db';

/**
 * The figures bench's own SQL: a school's cycle of payins as payments would have left them
 * (payins, their allocations and a few voids), and the baseline every read is compared with.
 */

const LEVELS = sql`(ARRAY['pre-school','elementary','middle','middle-high','high'])`;

/** `students` active students spread over the five levels. */
export async function enrolStudents(db: PaymentsDb, schoolId: string, students: number) {
  await db.execute(sql`
    INSERT INTO student_directory (student_id, school_id, first_name, last_name, level, status, updated_at)
    SELECT gen_random_uuid()::text, ${schoolId}, 'Alumno ' || n, 'Apellido ' || (n % 997),
           ${LEVELS}[1 + n % 5], 'active', now()
      FROM generate_series(1, ${students}) AS n`);
}

/**
 * One payin per student for each of `months` (due the 10th), except one student in
 * `unpaidEvery`: paid up to nine days before the due date (one in twenty five days late, with
 * a late fee) by card, transfer or cash, each with its allocation. One payin in a hundred is
 * voided the next day.
 */
export async function payCycle(
  db: PaymentsDb,
  schoolId: string,
  months: string[],
  unpaidEvery: number,
) {
  await db.execute(sql`
    WITH due AS (
      SELECT d.student_id, d.level, (m || '-10')::date AS due_on, m AS period,
             row_number() OVER () AS n
        FROM student_directory d CROSS JOIN unnest(string_to_array(${months.join(',')}, ',')) AS m
       WHERE d.school_id = ${schoolId} AND abs(hashtext(d.student_id)) % ${unpaidEvery} <> 0),
    paid AS (
      SELECT *, CASE WHEN n % 20 = 0 THEN due_on + 5 ELSE due_on - (n % 10)::int END AS paid_on,
             CASE WHEN n % 20 = 0 THEN 14550 ELSE 0 END AS late_fee,
             (ARRAY['credit_card','transfer','cash','debit_card'])[1 + n % 4] AS method
        FROM due),
    inserted AS (
      INSERT INTO payins (school_id, type, method, status, amount_centavos, student_ids,
                          idempotency_key, request_hash, paid_at, created_at)
      SELECT ${schoolId}, CASE method WHEN 'cash' THEN 'CASH_IN' WHEN 'transfer' THEN 'TRANSFER_IN'
                                      ELSE 'CARD' END,
             method, 'success', 485000 + late_fee, ARRAY[student_id], 'bench-' || n, 'bench',
             paid_on::timestamp AT TIME ZONE 'America/Mexico_City' + interval '11 hours',
             paid_on::timestamp AT TIME ZONE 'America/Mexico_City' + interval '11 hours'
        FROM paid
      RETURNING id, student_ids[1] AS student_id, amount_centavos, idempotency_key)
    INSERT INTO allocations (payin_id, school_id, order_id, student_id, concept_id, concept_name,
                             concept_type, period, base_centavos, late_fee_centavos)
    SELECT i.id, ${schoolId}, gen_random_uuid()::text, i.student_id, 'bench-fee', 'Colegiatura',
           'MONTHLY_FEE', p.period, 485000, p.late_fee
      FROM inserted i JOIN paid p ON 'bench-' || p.n = i.idempotency_key`);
  await db.execute(sql`
    INSERT INTO payin_reversals (payin_id, school_id, kind, status, amount_centavos, reason, applied_at)
    SELECT id, school_id, 'void', 'applied', amount_centavos, 'Pago duplicado', paid_at + interval '1 day'
      FROM payins WHERE school_id = ${schoolId} AND abs(hashtext(id::text)) % 100 = 0`);
}

/** Fresh planner statistics after a bulk load (what autovacuum would do in time). */
export async function vacuumAnalyze(db: PaymentsDb) {
  await db.execute(sql`VACUUM ANALYZE`);
}

export async function payinCount(db: PaymentsDb) {
  const { rows } = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM payins`);
  return Number(rows[0]?.n ?? 0);
}

/** One pass over the school's payins: the least any figure summed over them costs. */
export async function sumOfSchoolPayins(db: PaymentsDb, schoolId: string) {
  await db.execute(
    sql`SELECT count(*), sum(amount_centavos) FROM payins WHERE school_id = ${schoolId}`,
  );
}
