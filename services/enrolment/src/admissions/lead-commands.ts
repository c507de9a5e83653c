import { and, eq, inArray } from 'drizzle-orm';
import type { CreateLead } from '@cuota/contracts/enrolment/admissions';
import { studentDeletedV1 } from '@cuota/contracts/events/enrolment.student.deleted.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { registerGuardian } from '../guardians/register-guardian';
import {
  admissionConcepts,
  guardianSchools,
  studentGuardians,
  studentStatusChanges,
  students,
  uploadedImages,
} from '../schema';
import { setStudentKeys } from '../imports/student-keys';
import { registerStudent } from '../students/register-student';
import type { StudentRef } from './admission-access';

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
  const guardianIds = [...input.guardian_ids, ...relationships.keys()];
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
    guardian_ids: [...new Set(guardianIds)],
    billing_guardian_id: null,
    changed_by: changedBy,
  });
  await setStudentKeys(tx, studentId, { curp: input.curp });
  for (const [guardianId, relationship] of relationships)
    if (relationship)
      await tx
        .update(studentGuardians)
        .set({ relationship })
        .where(
          and(
            eq(studentGuardians.studentId, studentId),
            eq(studentGuardians.guardianId, guardianId),
          ),
        );
  return studentId;
}

/** Guardians named by id must already belong to the school. */
async function requireSchoolGuardians(tx: Executor, schoolId: string, ids: string[]) {
  if (!ids.length) return;
  const known = await tx
    .select({ id: guardianSchools.guardianId })
    .from(guardianSchools)
    .where(and(eq(guardianSchools.schoolId, schoolId), inArray(guardianSchools.guardianId, ids)));
  if (known.length !== new Set(ids).size)
    throw new HttpError(400, 'VALIDATION_FAILED', 'Revisa los tutores del interesado.', [
      { path: 'guardian_ids', message: 'Alguno de los tutores no pertenece a la escuela.' },
    ]);
}

/**
 * Removes a lead or applicant that will not be inscribed, with everything that hangs from
 * it; its guardians stay in the school. Billing drops it from its directory on the event.
 */
export async function deleteAdmissionStudent(tx: Executor, student: StudentRef): Promise<void> {
  const id = student.id;
  await tx.delete(admissionConcepts).where(eq(admissionConcepts.studentId, id));
  await tx.delete(studentGuardians).where(eq(studentGuardians.studentId, id));
  await tx.delete(studentStatusChanges).where(eq(studentStatusChanges.studentId, id));
  const [deleted] = await tx
    .delete(students)
    .where(eq(students.id, id))
    .returning({ photo: students.photoImageId });
  if (deleted?.photo) await tx.delete(uploadedImages).where(eq(uploadedImages.id, deleted.photo));
  await enqueueEvent(tx, studentDeletedV1, { student_id: id, school_id: student.schoolId });
}
