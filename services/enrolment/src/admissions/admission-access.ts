import { UNKNOWN_STUDENT } from '@cuota/contracts/enrolment/endpoints/students';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { Caller } from '../caller';
import { studentRef, type StudentRef } from '../students/student-repository';
import { requireInAdmission } from './admission-rules';

/** The student, if the caller is staff of its school with the endpoint's permission; else 404. */
export async function admissionStudentFor(
  db: Executor,
  call: Caller,
  studentId: string,
): Promise<StudentRef> {
  const student = await studentRef(db, studentId);
  if (!student) throw notFound(UNKNOWN_STUDENT);
  call.requireStaffOf(student.schoolId, UNKNOWN_STUDENT);
  return student;
}

/** A lead named in a body: of the same school as the guardian, still in admissions. */
export async function leadOfSchool(
  db: Executor,
  call: Caller,
  studentId: string,
  schoolId: string,
): Promise<StudentRef> {
  const student = await admissionStudentFor(db, call, studentId);
  if (student.schoolId !== schoolId) throw notFound(UNKNOWN_STUDENT);
  requireInAdmission(student);
  return student;
}
