import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import {
  studentById,
  studentIdsOfGuardian,
  type StudentRow,
} from '@cuota/student-directory/student-directory-repository';
import { isFamilyOf, UNKNOWN_STUDENT } from '../students/student-access';
import { subscriptionById, type SubscriptionRow } from './subscription-repository';

export const UNKNOWN_SUBSCRIPTION = 'No encontramos esta suscripción.';

/**
 * Whose subscriptions a caller sees at a school: a guardian, their own students' (others'
 * are answered as not found); staff (already checked in the school), every student's.
 */
export const studentsOfCaller = (db: Executor, caller: IdentityClaims, schoolId: string) =>
  caller.kind === 'guardian' ? studentIdsOfGuardian(db, schoolId, caller.guardian_id) : undefined;

/** A student of the school the caller may subscribe, or 404. */
export async function subscriberOf(
  db: Executor,
  caller: IdentityClaims,
  schoolId: string,
  studentId: string,
): Promise<StudentRow> {
  const student = await studentById(db, studentId);
  if (!student || student.schoolId !== schoolId) throw notFound(UNKNOWN_STUDENT);
  if (caller.kind === 'guardian' && !isFamilyOf(caller, student)) throw notFound(UNKNOWN_STUDENT);
  return student;
}

/** A subscription of the school the caller may see, or 404 (locked when it will change). */
export async function subscriptionOfCaller(
  db: Executor,
  caller: IdentityClaims,
  schoolId: string,
  id: string,
  { lock = false } = {},
): Promise<SubscriptionRow> {
  const found = await subscriptionById(db, id, { lock });
  if (!found || found.schoolId !== schoolId) throw notFound(UNKNOWN_SUBSCRIPTION);
  if (caller.kind === 'guardian') {
    const student = await studentById(db, found.studentId);
    if (!student || !isFamilyOf(caller, student)) throw notFound(UNKNOWN_SUBSCRIPTION);
  }
  return found;
}

/** Who acted, for the subscription's row: the staff member or the guardian. */
export const actorOf = (caller: IdentityClaims) =>
  caller.kind === 'staff' ? caller.user_id : caller.kind === 'guardian' ? caller.guardian_id : null;
