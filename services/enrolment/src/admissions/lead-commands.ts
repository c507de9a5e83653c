import type { CreateLead } from '@cuota/contracts/enrolment/admissions';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { countKnownGuardians } from '../guardians/guardian-repository';
import { registerGuardian } from '../guardians/register-guardian';
import { linkGuardian, unlinkStudent } from '../guardians/student-guardian-repository';
import { registerStudent } from '../students/register-student';
import { deleteStudent, type StudentRef } from '../students/student-repository';
import { deleteImage } from '../uploads/uploaded-image-repository';
import { unassignConcepts } from './admission-concepts';

/**
 * A lead: its new guardians are registered in the school first (guardian_schools), then the
 * student with status `lead`, linked to them. Every registration publishes its event.
 */
export async function createLead(
  tx: Executor,
  input: CreateLead,
  /** The staff user; null when the family registered itself (school-signup.ts). */
  changedBy: string | null,
): Promise<string> {
  await requireSchoolGuardians(tx, input.school_id, input.guardian_ids);
  const relationships = new Map<string, string | null>();
  for (const guardian of input.guardians) {
    const id = await registerGuardian(tx, { ...guardian, school_id: input.school_id });
    relationships.set(id, guardian.relationship);
  }
  const studentId = await registerStudent(tx, {
    school_id: input.school_id,
    level: input.level,
    section_id: input.section_id,
    first_name: input.first_name,
    last_name: input.last_name,
    gender: input.gender,
    birth_date: input.birth_date,
    nationality: 'MX',
    status: 'lead',
    curp: input.curp,
    guardian_ids: [...new Set([...input.guardian_ids, ...relationships.keys()])],
    billing_guardian_id: null,
    changed_by: changedBy,
  });
  for (const [guardianId, relationship] of relationships)
    if (relationship) await linkGuardian(tx, guardianId, studentId, relationship);
  return studentId;
}

/** Guardians named by id must already belong to the school. */
async function requireSchoolGuardians(tx: Executor, schoolId: string, ids: string[]) {
  if ((await countKnownGuardians(tx, ids, schoolId)) !== new Set(ids).size)
    throw new HttpError(400, 'VALIDATION_FAILED', 'Revisa los tutores del interesado.', [
      { path: 'guardian_ids', message: 'Alguno de los tutores no pertenece a la escuela.' },
    ]);
}

/**
 * Removes a lead or applicant that will not be inscribed, with everything that hangs from
 * it (concepts, links to guardians, status history, photo); its guardians stay in the
 * school. Billing drops it from its directory on enrolment.student.deleted.
 */
export async function deleteAdmissionStudent(tx: Executor, student: StudentRef): Promise<void> {
  await unassignConcepts(tx, student, 'all');
  await unlinkStudent(tx, student.id);
  const photo = await deleteStudent(tx, student);
  if (photo) await deleteImage(tx, photo);
}
