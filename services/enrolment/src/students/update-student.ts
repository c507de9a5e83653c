import type { StudentChanges } from '@cuota/contracts/enrolment/student-detail';
import type { Executor } from '@cuota/messaging/transaction';
import { levelIdOfKind, lockStudent, saveStudent, sectionIsOfLevel } from './student-repository';
import { invalidStudent, sectionAfterEdit } from './student-rules';

/**
 * Applies an edit (PUT or PATCH, already validated); enrolment.student.updated goes with it.
 * School and status never change here (status: ADR 0008). Level and group move together: a
 * group must belong to the (new or current) level.
 */
export async function updateStudent(
  tx: Executor,
  studentId: string,
  changes: StudentChanges,
): Promise<void> {
  const current = await lockStudent(tx, studentId);
  if (!current) throw new Error(`student ${studentId} not found`);
  const levelId = changes.level
    ? await levelIdOfKind(tx, current.schoolId, changes.level)
    : current.levelId;
  if (!levelId) throw invalidStudent('level', 'La escuela no ofrece este nivel.');
  const sectionId = sectionAfterEdit(current, levelId, changes.section_id);
  if (sectionId && !(await sectionIsOfLevel(tx, sectionId, levelId)))
    throw invalidStudent('section_id', 'El grupo no pertenece a este nivel.');
  await saveStudent(tx, studentId, {
    firstName: changes.first_name,
    lastName: changes.last_name,
    gender: changes.gender,
    birthDate: changes.birth_date,
    nationality: changes.nationality,
    curp: changes.curp,
    enrolmentCode: changes.enrolment_code,
    levelId,
    sectionId,
  });
}
