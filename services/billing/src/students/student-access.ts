import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { isGuardianOfStudent } from '@cuota/student-directory/guardian-of-student';
import {
  studentById,
  type StudentRow,
} from '@cuota/student-directory/student-directory-repository';

export const UNKNOWN_STUDENT = 'No encontramos a este alumno.';

/**
 * The student, if this caller may see their money: staff of the student's school holding
 * the endpoint's permission (`requireStaffOf`), or one of the student's guardians (the
 * billing guardian or any other linked to them, docs/adr/0023). Anyone else is told the
 * student does not exist.
 */
export async function studentOfCaller(
  db: Executor,
  call: { caller: IdentityClaims; requireStaffOf: (schoolId: string, unknown?: string) => unknown },
  studentId: string,
): Promise<StudentRow> {
  const student = await studentById(db, studentId);
  if (!student) throw notFound(UNKNOWN_STUDENT);
  const { caller } = call;
  if (caller.kind === 'staff') call.requireStaffOf(student.schoolId, UNKNOWN_STUDENT);
  else if (!isFamilyOf(caller, student)) throw notFound(UNKNOWN_STUDENT);
  return student;
}

export const isFamilyOf = (caller: IdentityClaims, student: StudentRow) =>
  caller.kind === 'guardian' &&
  isGuardianOfStudent(caller.guardian_id, student) &&
  caller.school_ids.includes(student.schoolId);
