import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import { studentDirectory } from './student-directory-schema';

/** The only code that touches `student_directory`, a service's copy of enrolment's students. */
export type StudentRow = typeof studentDirectory.$inferSelect;

/** The row a snapshot says, as enrolment saw it at `occurredAt`. */
function rowOf(student: StudentSnapshot, occurredAt: Date) {
  return {
    studentId: student.student_id,
    schoolId: student.school_id,
    firstName: student.first_name,
    lastName: student.last_name,
    level: student.level,
    sectionId: student.section_id,
    status: student.status,
    // Absent (an older producer) and null (unknown) both mean no CURP to print.
    curp: student.curp?.trim().toUpperCase() || null,
    billingGuardianId: student.billing_guardian_id,
    // An older snapshot without the matrícula keeps the one the copy has.
    ...(student.enrolment_code !== undefined ? { enrolmentCode: student.enrolment_code } : {}),
    // An older snapshot without the guardians keeps the links the copy has (docs/adr/0023).
    ...(student.guardian_ids ? { guardianIds: [...new Set(student.guardian_ids)] } : {}),
    updatedAt: occurredAt,
  };
}

/**
 * Writes a snapshot keyed by student id. An older snapshot never overwrites a newer one, so a
 * replayed or late event cannot roll the copy back.
 */
export async function upsertStudent(
  tx: Executor,
  student: StudentSnapshot,
  occurredAt: Date,
): Promise<void> {
  const { studentId: _key, ...changes } = rowOf(student, occurredAt);
  await tx
    .insert(studentDirectory)
    .values(rowOf(student, occurredAt))
    .onConflictDoUpdate({
      target: studentDirectory.studentId,
      set: changes,
      setWhere: sql`${studentDirectory.updatedAt} <= excluded.updated_at`,
    });
}

/** Forgets a student enrolment deleted, unless the copy holds a snapshot newer than that. */
export async function deleteStudent(
  tx: Executor,
  studentId: string,
  occurredAt: Date,
): Promise<void> {
  await tx
    .delete(studentDirectory)
    .where(
      and(eq(studentDirectory.studentId, studentId), lte(studentDirectory.updatedAt, occurredAt)),
    );
}

const byId = preparedPerDatabase((db: Executor) =>
  db
    .select()
    .from(studentDirectory)
    .where(eq(studentDirectory.studentId, sql.placeholder('studentId')))
    .prepare('student_directory_by_id'),
);
export async function studentById(
  db: Executor,
  studentId: string,
): Promise<StudentRow | undefined> {
  const [row] = await byId(db).execute({ studentId });
  return row;
}

/** A student of this school, or null (another school's student does not exist here). */
export async function studentOfSchool(
  db: Executor,
  schoolId: string,
  studentId: string,
): Promise<StudentRow | null> {
  const student = await studentById(db, studentId);
  return student?.schoolId === schoolId ? student : null;
}

/** A school's students by last name, then first name (Spanish collation). */
export function studentsOfSchool(db: Executor, schoolId: string): Promise<StudentRow[]> {
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
 * "The guardian is one of the student's" (guardian-of-student.ts) for a WHERE over the copy;
 * the guardian_ids GIN index serves it.
 */
export const guardianOfStudentSql = (guardianId: string | Placeholder): SQL =>
  or(
    eq(studentDirectory.billingGuardianId, guardianId),
    sql`${studentDirectory.guardianIds} @> ARRAY[${guardianId}]::text[]`,
  )!;

/** The school's students of this guardian: billing guardian of, or linked to (ADR 0023). */
export async function studentIdsOfGuardian(
  db: Executor,
  schoolId: string,
  guardianId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: studentDirectory.studentId })
    .from(studentDirectory)
    .where(and(eq(studentDirectory.schoolId, schoolId), guardianOfStudentSql(guardianId)));
  return rows.map((r) => r.id);
}

/** The levels of a school's active students, in name order. */
export async function activeLevelsOfSchool(
  db: Executor,
  schoolId: string,
): Promise<EducationLevel[]> {
  const rows = await db
    .selectDistinct({ level: studentDirectory.level })
    .from(studentDirectory)
    .where(
      and(
        eq(studentDirectory.schoolId, schoolId),
        eq(studentDirectory.status, 'active'),
        isNotNull(studentDirectory.level),
      ),
    )
    .orderBy(asc(studentDirectory.level));
  return rows.flatMap((r) => (r.level ? [r.level] : []));
}

/** How many students of the school the copy holds (a seed waits for enrolment's). */
export async function studentCountOfSchool(db: Executor, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(studentDirectory)
    .where(eq(studentDirectory.schoolId, schoolId));
  return row!.n;
}
