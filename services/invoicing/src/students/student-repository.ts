import { eq, sql } from 'drizzle-orm';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentSnapshotColumns } from '@cuota/messaging/consumer/student-snapshots';
import type { Executor } from '@cuota/messaging/transaction';
import { students } from '../schema';

/** The only code that touches `students`, invoicing's copy of enrolment's students. */
export type StudentRow = typeof students.$inferSelect;

/** Newest snapshot wins: a replayed or late event cannot roll a student back. */
export async function upsertStudent(
  tx: Executor,
  student: StudentSnapshot,
  occurredAt: Date,
): Promise<void> {
  const values = {
    ...studentSnapshotColumns(student, occurredAt),
    // Absent (an older producer) and null (unknown) both mean no CURP to print.
    curp: student.curp?.trim().toUpperCase() || null,
    level: student.level,
  };
  const { studentId: _key, ...changes } = values;
  await tx
    .insert(students)
    .values(values)
    .onConflictDoUpdate({
      target: students.studentId,
      set: changes,
      setWhere: sql`${students.updatedAt} <= excluded.updated_at`,
    });
}

export async function studentById(
  db: Executor,
  studentId: string,
): Promise<StudentRow | undefined> {
  const [row] = await db.select().from(students).where(eq(students.studentId, studentId));
  return row;
}
