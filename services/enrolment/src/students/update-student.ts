import { and, eq } from 'drizzle-orm';
import type { StudentChanges } from '@cuota/contracts/enrolment/student-detail';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, HttpError } from '@cuota/service-runtime/http/http-error';
import { levels, sections, students } from '../schema';
import { publishStudentUpdated } from './student-snapshot';

const invalid = (path: string, message: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'Revisa los datos del alumno.', [{ path, message }]);

/** Unique indexes of a school's students, and what the person should be told. */
const DUPLICATES: Record<string, string> = {
  students_school_curp_uq: 'Ya hay un alumno con esta CURP en la escuela.',
  students_school_code_uq: 'Ya hay un alumno con esta matrícula en la escuela.',
};

/** Level and group move together: a group must belong to the (new or current) level. */
async function placement(
  tx: Executor,
  schoolId: string,
  current: { levelId: string; sectionId: string | null },
  changes: StudentChanges,
): Promise<{ levelId: string; sectionId: string | null }> {
  let { levelId } = current;
  if (changes.level) {
    const [level] = await tx
      .select({ id: levels.id })
      .from(levels)
      .where(and(eq(levels.schoolId, schoolId), eq(levels.level, changes.level)));
    if (!level) throw invalid('level', 'La escuela no ofrece este nivel.');
    levelId = level.id;
  }
  // Changing the level without naming a group leaves the student without one.
  let sectionId =
    changes.section_id !== undefined
      ? changes.section_id
      : levelId === current.levelId
        ? current.sectionId
        : null;
  if (sectionId) {
    const [section] = await tx
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.id, sectionId), eq(sections.levelId, levelId)));
    if (!section) throw invalid('section_id', 'El grupo no pertenece a este nivel.');
  } else sectionId = null;
  return { levelId, sectionId };
}

/**
 * Applies an edit (PUT or PATCH, already validated) and publishes enrolment.student.updated
 * in the same transaction. School and status never change here (status: ADR 0008).
 */
export async function updateStudent(
  tx: Executor,
  studentId: string,
  changes: StudentChanges,
): Promise<void> {
  const [current] = await tx
    .select()
    .from(students)
    .where(eq(students.id, studentId))
    .for('update');
  if (!current) throw new Error(`student ${studentId} not found`);
  const { levelId, sectionId } = await placement(tx, current.schoolId, current, changes);
  try {
    await tx
      .update(students)
      .set({
        firstName: changes.first_name,
        lastName: changes.last_name,
        gender: changes.gender,
        birthDate: changes.birth_date,
        nationality: changes.nationality,
        curp: changes.curp,
        enrolmentCode: changes.enrolment_code,
        levelId,
        sectionId,
        updatedAt: new Date(),
      })
      .where(eq(students.id, studentId));
  } catch (err) {
    const constraint = err as { cause?: { constraint?: string }; constraint?: string };
    const message = DUPLICATES[constraint.cause?.constraint ?? constraint.constraint ?? ''];
    if (message) throw conflict(message);
    throw err;
  }
  await publishStudentUpdated(tx, studentId);
}
