import type { Executor } from '@cuota/messaging/transaction';
import { unlinkStudent } from '../guardians/student-guardian-repository';
import { deleteStudent, type StudentRef } from '../students/student-repository';
import { deleteImage } from '../uploads/uploaded-image-repository';
import { unassignConcepts } from './unassign-concepts';

/**
 * Removes a lead or applicant that will not be inscribed, with everything that hangs from
 * it (concepts, links to guardians, status history, photo); its guardians stay in the
 * school. enrolment.student.deleted tells the domains that keep a copy of the student.
 */
export async function deleteAdmissionStudent(tx: Executor, student: StudentRef): Promise<void> {
  await unassignConcepts(tx, student, 'all');
  await unlinkStudent(tx, student.id);
  const photo = await deleteStudent(tx, student);
  if (photo) await deleteImage(tx, photo);
}
