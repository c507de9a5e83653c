import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { EducationLevel, StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { StudentStatusChange } from '@cuota/contracts/enrolment/student-status';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentDeletedV1 } from '@cuota/contracts/events/enrolment.student.deleted.v1';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { anyColumnChanges, definedChanges } from '@cuota/service-runtime/db/changes';
import { linkNewStudent, type NewLink } from '../guardians/student-guardian-repository';
import {
  levels,
  sections,
  staffUsers,
  studentStatusChanges,
  students,
  uploadedImages,
} from '../schema';
import { publishStudentUpdated, studentSnapshot } from './student-snapshot-repository';

/**
 * The only code that writes the `students` and `student_status_changes` tables (and the
 * reads other concepts need of them). Every write enqueues the student's event in the
 * caller's transaction: created, updated (any change of the row, the billing guardian
 * included), status_changed or deleted. A change without its event cannot be written.
 */
export type StudentRow = typeof students.$inferSelect;

/** What the access checks and admissions need of a student. */
export interface StudentRef {
  id: string;
  schoolId: string;
  status: StudentStatus;
}

export type NewStudent = Pick<
  StudentRow,
  | 'schoolId'
  | 'levelId'
  | 'sectionId'
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'birthDate'
  | 'nationality'
  | 'status'
  | 'billingGuardianId'
  | 'externalRef'
  | 'curp'
  | 'enrolmentCode'
>;

/** Columns an edit may change; status has its own write (saveStudentStatus). */
export type StudentChanges = Partial<
  Pick<
    StudentRow,
    | 'firstName'
    | 'lastName'
    | 'gender'
    | 'birthDate'
    | 'nationality'
    | 'curp'
    | 'enrolmentCode'
    | 'levelId'
    | 'sectionId'
    | 'billingGuardianId'
    | 'photoImageId'
  >
>;

const refColumns = { id: students.id, schoolId: students.schoolId, status: students.status };
const asRef = (row: { id: string; schoolId: string; status: string }): StudentRef => ({
  ...row,
  status: row.status as StudentStatus,
});

export async function studentRef(db: Executor, id: string): Promise<StudentRef | null> {
  const [row] = await db.select(refColumns).from(students).where(eq(students.id, id));
  return row ? asRef(row) : null;
}

export async function studentRefs(db: Executor, ids: string[]): Promise<StudentRef[]> {
  if (!ids.length) return [];
  const rows = await db.select(refColumns).from(students).where(inArray(students.id, ids));
  return rows.map(asRef);
}

/** The row, locked until the transaction ends (two edits or moves do not interleave). */
export async function lockStudent(tx: Executor, id: string): Promise<StudentRow | null> {
  const [row] = await tx.select().from(students).where(eq(students.id, id)).for('update');
  return row ?? null;
}

/** Students of a level with no group (leads, applicants, unplaced students). */
export async function countStudentsWithoutSection(db: Executor, levelId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(students)
    .where(and(eq(students.levelId, levelId), isNull(students.sectionId)));
  return row!.n;
}

export async function countStudentsOfSchool(db: Executor, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(students)
    .where(eq(students.schoolId, schoolId));
  return row!.n;
}

// ── Placement: the level and group a student may be put in ────────────────────────────────

/** The school's level of that kind, if it offers it. */
export async function levelIdOfKind(
  db: Executor,
  schoolId: string,
  level: EducationLevel,
): Promise<string | null> {
  const [row] = await db
    .select({ id: levels.id })
    .from(levels)
    .where(and(eq(levels.schoolId, schoolId), eq(levels.level, level)));
  return row?.id ?? null;
}

export async function sectionIsOfLevel(
  db: Executor,
  sectionId: string,
  levelId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.id, sectionId), eq(sections.levelId, levelId)));
  return Boolean(row);
}

/** A group of the school's level found by its name, case aside (a spreadsheet's "3° a"). */
export async function sectionIdByName(
  db: Executor,
  schoolId: string,
  level: EducationLevel,
  name: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: sections.id })
    .from(sections)
    .innerJoin(levels, eq(levels.id, sections.levelId))
    .where(
      and(
        eq(sections.schoolId, schoolId),
        eq(levels.level, level),
        sql`lower(${sections.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Whether the school already has this student: same import key, CURP or matrícula. */
export async function studentWithKeysExists(
  db: Executor,
  schoolId: string,
  keys: { externalRef: string; curp: string | null; enrolmentCode: string | null },
): Promise<boolean> {
  const same: SQL[] = [eq(students.externalRef, keys.externalRef)];
  if (keys.curp) same.push(eq(students.curp, keys.curp));
  if (keys.enrolmentCode) same.push(eq(students.enrolmentCode, keys.enrolmentCode));
  const [found] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), or(...same)))
    .limit(1);
  return Boolean(found);
}

// ── Writes ─────────────────────────────────────────────────────────────────────────────────

/**
 * A new student, the first row of its status history (who registered it), its links to its
 * guardians and enrolment.student.created (which carries them). A duplicate CURP or
 * matrícula fails on its unique index.
 */
export async function insertStudent(
  tx: Executor,
  student: NewStudent,
  changedBy: string | null,
  links: NewLink[] = [],
): Promise<string> {
  const [row] = await tx.insert(students).values(student).returning({ id: students.id });
  const id = row!.id;
  await tx
    .insert(studentStatusChanges)
    .values({ studentId: id, fromStatus: null, toStatus: student.status, changedBy });
  await linkNewStudent(tx, id, links);
  await enqueueEvent(tx, studentCreatedV1, await studentSnapshot(tx, id));
  return id;
}

/** Any change of the row but its status, with enrolment.student.updated. */
/** Writes what differs from the stored row; unchanged, nothing is written or published. */
export async function saveStudent(
  tx: Executor,
  id: string,
  changes: StudentChanges,
): Promise<boolean> {
  const differs = anyColumnChanges(students, changes);
  if (!differs) return false;
  const saved = await tx
    .update(students)
    .set(definedChanges(changes))
    .where(and(eq(students.id, id), differs))
    .returning({ id: students.id });
  if (!saved.length) return false;
  await publishStudentUpdated(tx, id);
  return true;
}

/**
 * Clears the billing guardian wherever it is this guardian (before the guardian goes);
 * returns the students changed, whose enrolment.student.updated the caller publishes once
 * the guardian's links are gone too.
 */
export async function clearBillingGuardian(tx: Executor, guardianId: string): Promise<string[]> {
  const cleared = await tx
    .update(students)
    .set({ billingGuardianId: null })
    .where(eq(students.billingGuardianId, guardianId))
    .returning({ id: students.id });
  return cleared.map((s) => s.id);
}

export interface StatusMove {
  studentId: string;
  from: StudentStatus;
  to: StudentStatus;
  /** What the student row keeps (a departure's reason; null otherwise). */
  statusReason: string | null;
  /** What the history records. */
  reason: string | null;
  changedBy: string | null;
}

/** The status, its history row and enrolment.student.status_changed. */
export async function saveStudentStatus(tx: Executor, move: StatusMove): Promise<void> {
  await tx
    .update(students)
    .set({ status: move.to, statusReason: move.statusReason })
    .where(eq(students.id, move.studentId));
  await tx.insert(studentStatusChanges).values({
    studentId: move.studentId,
    fromStatus: move.from,
    toStatus: move.to,
    reason: move.reason,
    changedBy: move.changedBy,
    // The real instant, not the transaction's start: two moves in one transaction keep
    // their order in the history.
    changedAt: sql`clock_timestamp()`,
  });
  await enqueueEvent(tx, studentStatusChangedV1, {
    ...(await studentSnapshot(tx, move.studentId)),
    from_status: move.from,
    reason: move.reason,
    changed_by: move.changedBy,
  });
}

/**
 * Removes the student and its status history (the caller removed what else hangs from it)
 * with enrolment.student.deleted. Returns the photo it had, for the caller to delete.
 */
export async function deleteStudent(tx: Executor, student: StudentRef): Promise<string | null> {
  await tx.delete(studentStatusChanges).where(eq(studentStatusChanges.studentId, student.id));
  const [deleted] = await tx
    .delete(students)
    .where(eq(students.id, student.id))
    .returning({ photo: students.photoImageId });
  await enqueueEvent(tx, studentDeletedV1, { student_id: student.id, school_id: student.schoolId });
  return deleted?.photo ?? null;
}

// ── Reads answered by the students concept ────────────────────────────────────────────────

export async function studentPhoto(
  db: Executor,
  studentId: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [photo] = await db
    .select({ contentType: uploadedImages.contentType, bytes: uploadedImages.bytes })
    .from(students)
    .innerJoin(uploadedImages, eq(uploadedImages.id, students.photoImageId))
    .where(eq(students.id, studentId));
  return photo ?? null;
}

/**
 * A student's status history, newest first, with the staff member's name when a staff
 * member made the move. Rows of one transaction differ by clock_timestamp(); the
 * registration row (no from_status) goes last on a tie.
 */
export async function statusHistoryOf(
  db: Executor,
  studentId: string,
): Promise<StudentStatusChange[]> {
  const rows = await db
    .select({
      id: studentStatusChanges.id,
      from: studentStatusChanges.fromStatus,
      to: studentStatusChanges.toStatus,
      reason: studentStatusChanges.reason,
      changedAt: studentStatusChanges.changedAt,
      changedBy: studentStatusChanges.changedBy,
      name: staffUsers.name,
    })
    .from(studentStatusChanges)
    .leftJoin(staffUsers, eq(staffUsers.id, studentStatusChanges.changedBy))
    .where(eq(studentStatusChanges.studentId, studentId))
    .orderBy(
      desc(studentStatusChanges.changedAt),
      sql`${studentStatusChanges.fromStatus} IS NULL`,
      desc(studentStatusChanges.id),
    );
  return rows.map((r) => ({
    id: r.id,
    from_status: (r.from as StudentStatus | null) ?? null,
    to_status: r.to as StudentStatus,
    reason: r.reason,
    changed_at: r.changedAt.toISOString(),
    changed_by: r.changedBy,
    changed_by_name: r.name ?? null,
  }));
}

/** The school's student with this import key (`external_ref`), if any. */
export async function studentByExternalRef(
  db: Executor,
  schoolId: string,
  externalRef: string,
): Promise<StudentRow | null> {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.externalRef, externalRef)));
  return row ?? null;
}
