import { sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { notifyDueAggregates } from './due-aggregate-repository';

/**
 * The only code that writes `name_order_*` (ADR 0016): Adeudos' default list numbered by
 * name, so a page anywhere in a school of 100,000 is read by position, and its count is kept.
 * Billing's builder numbers it (due-aggregate-builder.ts); a read never does (ADR 0048).
 */

/** The list's order by name over a balance alias and a directory alias (one definition). */
export const byName = (b: string, d: string) =>
  `${d}.last_name COLLATE "es-x-icu", ${d}.first_name COLLATE "es-x-icu", ${b}.student_id`;

/** Students entered the list or moved in it: the builder numbers the school again. */
export async function markNameOrderChanged(tx: Executor, schoolId: string) {
  await tx.execute(sql`
    INSERT INTO name_order_changes (school_id, version) VALUES (${schoolId}, 1)
    ON CONFLICT (school_id) DO UPDATE SET version = name_order_changes.version + 1`);
  await notifyDueAggregates(tx);
}

/** How many students the numbering holds, or null when a change came after it (or none yet). */
export async function freshNameOrderCount(db: Executor, schoolId: string): Promise<number | null> {
  const { rows } = await db.execute<{ students: number | null }>(sql`
    SELECT b.students
      FROM name_order_builds b
      LEFT JOIN name_order_changes c ON c.school_id = b.school_id
     WHERE b.school_id = ${schoolId} AND b.version >= COALESCE(c.version, 0)`);
  return rows[0]?.students ?? null;
}

/**
 * Numbers the school's students by name again and returns how many. One builder per school at
 * a time (the others wait, then find it fresh); the version is read before the rows, so a change
 * committed meanwhile leaves the build stale rather than lost.
 */
export function rebuildNameOrder(db: Executor, schoolId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('name-order:' || ${schoolId}))`);
    const fresh = await freshNameOrderCount(tx, schoolId);
    if (fresh !== null) return fresh;
    const { rows } = await tx.execute<{ version: number }>(sql`
      SELECT COALESCE((SELECT version FROM name_order_changes WHERE school_id = ${schoolId}), 0) AS version`);
    await tx.execute(sql`DELETE FROM name_order_positions WHERE school_id = ${schoolId}`);
    const numbered = await tx.execute(sql`
      INSERT INTO name_order_positions (school_id, position, student_id)
      SELECT b.school_id,
             row_number() OVER (ORDER BY ${sql.raw(byName('b', 'd'))}),
             b.student_id
        FROM student_balances b
        JOIN student_directory d ON d.student_id = b.student_id AND d.school_id = b.school_id
       WHERE b.school_id = ${schoolId}`);
    const students = numbered.rowCount ?? 0;
    await tx.execute(sql`
      INSERT INTO name_order_builds (school_id, version, students)
      VALUES (${schoolId}, ${rows[0]!.version}, ${students})
      ON CONFLICT (school_id) DO UPDATE SET version = excluded.version, students = excluded.students`);
    return students;
  });
}
