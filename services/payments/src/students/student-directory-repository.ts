import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import {
  guardianOfStudentSql,
  studentSnapshotColumns,
} from '@cuota/messaging/consumer/student-snapshots';
import type { Executor } from '@cuota/messaging/transaction';
import { studentDirectory } from '../schema';

/** The only code that touches `student_directory`, payments' copy of enrolment's students. */
export type StudentRow = typeof studentDirectory.$inferSelect;

/** Newest wins: a replayed or late event cannot roll the directory back. */
export async function upsertStudent(
  tx: Executor,
  student: StudentSnapshot,
  occurredAt: Date,
): Promise<void> {
  const values = studentSnapshotColumns(student, occurredAt);
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

/** A student of this school, or null (another school's student does not exist here). */
export async function studentOfSchool(
  db: Executor,
  schoolId: string,
  studentId: string,
): Promise<StudentRow | null> {
  const [row] = await db
    .select()
    .from(studentDirectory)
    .where(and(eq(studentDirectory.studentId, studentId), eq(studentDirectory.schoolId, schoolId)));
  return row ?? null;
}

/** Names by id, for receipts and allocations shown to people. */
export async function studentNames(
  db: Executor,
  studentIds: string[],
): Promise<Map<string, string>> {
  if (!studentIds.length) return new Map();
  const rows = await db
    .select()
    .from(studentDirectory)
    .where(inArray(studentDirectory.studentId, studentIds));
  return new Map(rows.map((r) => [r.studentId, `${r.firstName} ${r.lastName}`]));
}

/**
 * The school's students of this guardian: those they are the billing guardian of or linked
 * to (docs/adr/0023). Their family's payins are the guardian's to see.
 */
export async function studentIdsOfGuardian(
  db: Executor,
  schoolId: string,
  guardianId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: studentDirectory.studentId })
    .from(studentDirectory)
    .where(
      and(
        eq(studentDirectory.schoolId, schoolId),
        guardianOfStudentSql(studentDirectory, guardianId),
      ),
    );
  return rows.map((r) => r.id);
}
