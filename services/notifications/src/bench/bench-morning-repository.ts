import { sql } from 'drizzle-orm';
import type { NotificationsDb } from '../notifications-db';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
/** The i-th guardian's, student's or order's id: a version-4-shaped UUID, as zod requires. */
const id = (kind: 'g' | 's' | 'o') =>
  sql.raw(
    `overlay(overlay(md5('${kind}' || i) placing '4' from 13) placing '8' from 17)::uuid::text`,
  );

/** One family (guardian with e-mail and phone, one student, one order due on the 10th) each. */
export async function seedMorning(db: NotificationsDb, families: number) {
  await db.execute(sql`INSERT INTO schools VALUES (${SCHOOL}, 'Colegio de la prueba', now())`);
  await db.execute(sql`
    INSERT INTO guardians (guardian_id, school_ids, first_name, last_name, email, phone, updated_at)
    SELECT ${id('g')}, ARRAY[${SCHOOL}], 'Tutor' || i, 'López', 'tutor' || i || '@example.mx',
      (5215500000000 + i)::text, now() FROM generate_series(1, ${families}) AS i`);
  await db.execute(sql`
    INSERT INTO student_directory (student_id, school_id, first_name, last_name,
      billing_guardian_id, guardian_ids, updated_at)
    SELECT ${id('s')}, ${SCHOOL}, 'Alumno' || i, 'López', ${id('g')}, ARRAY[${id('g')}], now()
    FROM generate_series(1, ${families}) AS i`);
  await db.execute(sql`
    INSERT INTO receivables (order_id, school_id, student_id, concept_name, period, due_on,
      total_centavos)
    SELECT ${id('o')}, ${SCHOOL}, ${id('s')}, 'Colegiatura', '2026-09', '2026-09-10', 250000
    FROM generate_series(1, ${families}) AS i`);
  await db.execute(sql`
    INSERT INTO reminder_schedules (school_id, days_before, days_overdue, channels)
    VALUES (${SCHOOL}, 3, 3, '{MAIL,WHATSAPP}')`);
}

/** How the notifications ended, by status and error: the bench's check and its diagnosis. */
export async function outcomes(db: NotificationsDb) {
  const result = await db.execute<{ status: string; last_error: string | null; n: number }>(
    sql`SELECT status, last_error, count(*)::int AS n FROM guardian_notifications
        GROUP BY status, last_error`,
  );
  return result.rows;
}

/** Notifications sent on a later attempt than their first. */
export async function retriedCount(db: NotificationsDb): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM guardian_notifications WHERE status = 'SENT' AND attempts > 0`,
  );
  return result.rows[0]!.n;
}
