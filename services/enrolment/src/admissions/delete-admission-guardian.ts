import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { deleteGuardian } from '../guardians/guardian-repository';
import { countOtherStudents, unlinkGuardian } from '../guardians/student-guardian-repository';
import { clearBillingGuardian } from '../students/student-repository';
import { publishStudentUpdated } from '../students/student-snapshot-repository';

/**
 * Deletes a guardian created in admissions. Refused (409) while the guardian has any student
 * other than `exceptStudentId` (the lead whose form removes them): a family's guardian is
 * unlinked from the student's page, never deleted from under the other children. A student
 * whose billing guardian this was loses it, with its enrolment.student.updated.
 */
export async function deleteAdmissionGuardian(
  tx: Executor,
  guardianId: string,
  exceptStudentId: string | null,
): Promise<void> {
  if ((await countOtherStudents(tx, guardianId, exceptStudentId)) > 0)
    throw conflict(
      'Este tutor tiene otros alumnos: desvincúlalo del alumno en lugar de eliminarlo.',
    );
  const billed = await clearBillingGuardian(tx, guardianId);
  const linked = await unlinkGuardian(tx, guardianId);
  // One snapshot per student, with both changes in it.
  for (const studentId of new Set([...billed, ...linked]))
    await publishStudentUpdated(tx, studentId);
  await deleteGuardian(tx, guardianId);
}
