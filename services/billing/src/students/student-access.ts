import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import {
  isGuardianOfStudent,
  type StudentCopyGuardians,
} from '@cuota/student-directory/guardian-of-student';
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
  call: CallerCheck,
  studentId: string,
): Promise<StudentRow> {
  return callerSees(call, await studentById(db, studentId));
}

type CallerCheck = {
  caller: IdentityClaims;
  requireStaffOf: (schoolId: string, unknown?: string) => unknown;
};
/** What the access check reads of a student. */
export type StudentAccess = Pick<StudentRow, 'schoolId'> & StudentCopyGuardians;

/** `studentOfCaller`'s check on a student already read (or its 404 when none was). */
export function callerSees<S extends StudentAccess>(call: CallerCheck, student: S | undefined): S {
  if (!student) throw notFound(UNKNOWN_STUDENT);
  const { caller } = call;
  if (caller.kind === 'staff') call.requireStaffOf(student.schoolId, UNKNOWN_STUDENT);
  else if (!isFamilyOf(caller, student)) throw notFound(UNKNOWN_STUDENT);
  return student;
}

export const isFamilyOf = (caller: IdentityClaims, student: StudentAccess) =>
  caller.kind === 'guardian' &&
  isGuardianOfStudent(caller.guardian_id, student) &&
  caller.school_ids.includes(student.schoolId);
