import type { z } from 'zod';
import type {
  createAdmissionGuardianSchema,
  updateAdmissionGuardianSchema,
} from '@cuota/contracts/enrolment/admissions';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { deleteGuardian, joinSchool, saveGuardian } from '../guardians/guardian-repository';
import { registerGuardian } from '../guardians/register-guardian';
import {
  countOtherStudents,
  linkGuardian,
  unlinkGuardian,
} from '../guardians/student-guardian-repository';
import { clearBillingGuardian, type StudentRef } from '../students/student-repository';
import { publishStudentUpdated } from '../students/student-snapshot-repository';

/** A new guardian of the school, linked to the lead whose form created them (if any). */
export async function createAdmissionGuardian(
  tx: Executor,
  input: z.infer<typeof createAdmissionGuardianSchema>,
  lead: StudentRef | null,
): Promise<string> {
  const guardianId = await registerGuardian(tx, input);
  if (lead) await linkGuardian(tx, guardianId, lead.id, input.relationship);
  return guardianId;
}

/** A known guardian becomes a guardian of the lead too (and known to the lead's school). */
export async function linkToLead(
  tx: Executor,
  guardianId: string,
  lead: StudentRef,
  relationship: string | null,
): Promise<void> {
  await joinSchool(tx, guardianId, lead.schoolId);
  await linkGuardian(tx, guardianId, lead.id, relationship);
}

/** Contact data only (fiscal data is the guardian's own, in the portal). */
export function updateGuardianContact(
  tx: Executor,
  guardianId: string,
  input: z.infer<typeof updateAdmissionGuardianSchema>,
): Promise<void> {
  return saveGuardian(tx, guardianId, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone,
  });
}

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
