import { and, asc, eq, sql } from 'drizzle-orm';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentSnapshotColumns } from '@cuota/messaging/consumer/student-snapshots';
import type { Executor } from '@cuota/messaging/transaction';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import { studentDirectory } from '../schema';

/** The only code that touches `student_directory`, billing's copy of enrolment's students. */
export type DirectoryRow = typeof studentDirectory.$inferSelect;

/**
 * Writes a snapshot keyed by student id. An older snapshot never overwrites a newer one,
 * so a replayed or late event cannot roll the directory back.
 */
export async function upsertStudent(
  tx: Executor,
  student: StudentSnapshot,
  occurredAt: Date,
): Promise<void> {
  const values = {
    ...studentSnapshotColumns(student, occurredAt),
    level: student.level,
    sectionId: student.section_id,
    status: student.status,
  };
  const { studentId: _key, ...changes } = values;
  await tx
    .insert(studentDirectory)
    .values(values)
    .onConflictDoUpdate({
      target: studentDirectory.studentId,
      set: changes,
      setWhere: sql`${studentDirectory.updatedAt} <= excluded.updated_at`,
    });
}

/** A school's students by last name, then first name (Spanish collation). */
export function studentsOfSchool(db: Executor, schoolId: string): Promise<DirectoryRow[]> {
  return db
    .select()
    .from(studentDirectory)
    .where(eq(studentDirectory.schoolId, schoolId))
    .orderBy(
      spanishOrder(studentDirectory.lastName),
      spanishOrder(studentDirectory.firstName),
      asc(studentDirectory.studentId),
    );
}

export async function studentById(
  db: Executor,
  studentId: string,
): Promise<DirectoryRow | undefined> {
  const [row] = await db
    .select()
    .from(studentDirectory)
    .where(eq(studentDirectory.studentId, studentId));
  return row;
}

/** The levels of a school's active students, in name order. */
export async function activeLevelsOfSchool(db: Executor, schoolId: string) {
  const rows = await db
    .selectDistinct({ level: studentDirectory.level })
    .from(studentDirectory)
    .where(and(eq(studentDirectory.schoolId, schoolId), eq(studentDirectory.status, 'active')))
    .orderBy(asc(studentDirectory.level));
  return rows.map((r) => r.level);
}

/** How many students of the school the directory holds (the seed waits for enrolment's). */
export async function studentCountOfSchool(db: Executor, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(studentDirectory)
    .where(eq(studentDirectory.schoolId, schoolId));
  return row!.n;
}
