import { UNKNOWN_STUDENT } from '@cuota/contracts/enrolment/endpoints/students';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { Caller } from '../caller';
import { isGuardianOf } from '../guardians/student-guardian-repository';
import { studentRef, type StudentRef } from './student-repository';

export interface StudentAccess {
  student: StudentRef;
  /** Staff act with a permission; a guardian acts on their own dependent. */
  actor: { kind: 'staff'; userId: string } | { kind: 'guardian'; guardianId: string };
}

/**
 * Staff of the student's school holding the endpoint's permission, or — where the endpoint
 * lets guardians call — one of the student's guardians. Anyone else gets the same 404 as an
 * unknown id, so a student elsewhere looks absent.
 */
export async function authorizeStudent(
  db: Executor,
  call: Caller,
  studentId: string,
): Promise<StudentAccess> {
  const student = await studentRef(db, studentId);
  if (!student) throw notFound(UNKNOWN_STUDENT);
  const { caller } = call;
  if (caller.kind === 'staff') {
    call.requireStaffOf(student.schoolId, UNKNOWN_STUDENT);
    return { student, actor: { kind: 'staff', userId: caller.user_id } };
  }
  if (caller.kind === 'guardian' && (await isGuardianOf(db, studentId, caller.guardian_id)))
    return { student, actor: { kind: 'guardian', guardianId: caller.guardian_id } };
  throw notFound(UNKNOWN_STUDENT);
}
