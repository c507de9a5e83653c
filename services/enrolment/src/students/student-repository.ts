import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { students } from '../schema';

/**
 * The only code that writes the `students` table (and the reads other concepts need of it).
 * Every write enqueues the student's event in the caller's transaction.
 */

/** Students of a level with no group (leads, applicants, unplaced students). */
export async function countStudentsWithoutSection(db: Executor, levelId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(students)
    .where(and(eq(students.levelId, levelId), isNull(students.sectionId)));
  return row!.n;
}
