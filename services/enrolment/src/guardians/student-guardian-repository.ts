import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { Dependent } from '@cuota/contracts/enrolment/responses';
import type { Executor } from '@cuota/messaging/transaction';
import { levels, sections, studentGuardians, students } from '../schema';
import { publishStudentUpdated } from '../students/student-snapshot-repository';

/**
 * The only code that writes `student_guardians` (who is whose guardian), and the reads of
 * families. The student's snapshot carries its guardians (`guardian_ids`: billing, payments
 * and invoicing show a family's money to all of them, docs/adr/0023), and guardian.me (kept in
 * the BFF, ADR 0024) shows each link's relationship, so every write that adds, changes or
 * removes a link enqueues the student's enrolment.student.updated in the caller's
 * transaction; a new student's first links travel in its enrolment.student.created instead.
 */

/** A guardian of a new student, with the relationship the form gave (if any). */
export interface NewLink {
  guardianId: string;
  relationship: string | null;
}

/**
 * A new student's first links, for insertStudent only: it enqueues enrolment.student.created
 * after them, so the created snapshot already names the guardians.
 */
export async function linkNewStudent(
  tx: Executor,
  studentId: string,
  links: NewLink[],
): Promise<void> {
  if (!links.length) return;
  await tx.insert(studentGuardians).values(links.map((link) => ({ studentId, ...link })));
}

/**
 * Links a guardian to a student with this relationship (linking twice keeps one link). A new
 * link or a changed relationship publishes the student; the same link again publishes nothing.
 */
export async function linkGuardian(
  tx: Executor,
  guardianId: string,
  studentId: string,
  relationship: string | null,
): Promise<void> {
  const [row] = await tx
    .insert(studentGuardians)
    .values({ studentId, guardianId, relationship })
    .onConflictDoUpdate({
      target: [studentGuardians.studentId, studentGuardians.guardianId],
      set: { relationship },
      setWhere: sql`${studentGuardians.relationship} IS DISTINCT FROM excluded.relationship`,
    })
    .returning({ studentId: studentGuardians.studentId });
  if (row) await publishStudentUpdated(tx, studentId);
}

/**
 * Every link of the student (the student is about to go: its enrolment.student.deleted
 * follows in the same transaction, so no updated snapshot is published).
 */
export async function unlinkStudent(tx: Executor, studentId: string): Promise<void> {
  await tx.delete(studentGuardians).where(eq(studentGuardians.studentId, studentId));
}

/**
 * Every link of the guardian (the guardian is about to go); returns the students unlinked,
 * whose enrolment.student.updated the caller publishes (the guardian no longer sees that
 * family's money).
 */
export async function unlinkGuardian(tx: Executor, guardianId: string): Promise<string[]> {
  const unlinked = await tx
    .delete(studentGuardians)
    .where(eq(studentGuardians.guardianId, guardianId))
    .returning({ studentId: studentGuardians.studentId });
  return unlinked.map((l) => l.studentId);
}

export async function isGuardianOf(
  db: Executor,
  studentId: string,
  guardianId: string,
): Promise<boolean> {
  const [link] = await db
    .select({ id: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(
      and(eq(studentGuardians.studentId, studentId), eq(studentGuardians.guardianId, guardianId)),
    );
  return Boolean(link);
}

/** The (student, guardian) links of these students. */
export async function linksOfStudents(
  db: Executor,
  studentIds: string[],
): Promise<{ studentId: string; guardianId: string }[]> {
  if (!studentIds.length) return [];
  return db
    .select({ studentId: studentGuardians.studentId, guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(inArray(studentGuardians.studentId, studentIds));
}

/** Which of these students are the guardian's own. */
export async function ownStudentIds(
  db: Executor,
  guardianId: string,
  studentIds: string[],
): Promise<Set<string>> {
  if (!studentIds.length) return new Set();
  const rows = await db
    .select({ id: studentGuardians.studentId })
    .from(studentGuardians)
    .where(
      and(
        eq(studentGuardians.guardianId, guardianId),
        inArray(studentGuardians.studentId, studentIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** How many students the guardian has besides `exceptStudentId`. */
export async function countOtherStudents(
  db: Executor,
  guardianId: string,
  exceptStudentId: string | null,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(studentGuardians)
    .where(
      and(
        eq(studentGuardians.guardianId, guardianId),
        exceptStudentId ? ne(studentGuardians.studentId, exceptStudentId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** First and last names of the guardian's children (a repeated sign-up is recognised). */
export async function childrenNamesOf(
  db: Executor,
  guardianId: string,
): Promise<{ id: string; first_name: string; last_name: string }[]> {
  return db
    .select({ id: students.id, first_name: students.firstName, last_name: students.lastName })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .where(eq(studentGuardians.guardianId, guardianId));
}

/** The guardian's students, in the portal's order, without their guardians yet. */
export async function dependentsOf(
  db: Executor,
  guardianId: string,
): Promise<Omit<Dependent, 'guardians'>[]> {
  const rows = await db
    .select({
      id: students.id,
      first_name: students.firstName,
      last_name: students.lastName,
      school_id: students.schoolId,
      level: levels.level,
      section_id: sections.id,
      section_name: sections.name,
      status: students.status,
      billing_guardian_id: students.billingGuardianId,
    })
    .from(studentGuardians)
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .innerJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(sections, eq(sections.id, students.sectionId))
    .where(eq(studentGuardians.guardianId, guardianId))
    .orderBy(asc(students.firstName), asc(students.id));
  return rows.map(({ section_id, section_name, billing_guardian_id, ...student }) => ({
    ...student,
    level: student.level as EducationLevel,
    status: student.status as StudentStatus,
    section: section_id ? { id: section_id, name: section_name! } : null,
    billing_guardian: billing_guardian_id ? { id: billing_guardian_id } : null,
  }));
}
