import { grants } from '@cuota/contracts/access/permissions';
import type { StudentDetail } from '@cuota/contracts/enrolment/student-detail';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { HttpError } from '@cuota/service-runtime/http/http-error';

/** A 400 about one field of the student. */
export const invalidStudent = (path: string, message: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'Revisa los datos del alumno.', [{ path, message }]);

/**
 * The group a student keeps after an edit: the one named, else the current one while the
 * level stays; changing the level without naming a group leaves the student without one.
 */
export function sectionAfterEdit(
  current: { levelId: string; sectionId: string | null },
  levelId: string,
  named: string | null | undefined,
): string | null {
  if (named !== undefined) return named;
  return levelId === current.levelId ? current.sectionId : null;
}

/** The billing guardian must be one of the student's guardians (or there is none). */
export function billingGuardianRefusal(
  billingGuardianId: string | null,
  guardianIds: readonly string[],
): HttpError | null {
  if (!billingGuardianId || guardianIds.includes(billingGuardianId)) return null;
  return invalidStudent(
    'billing_guardian_id',
    'El tutor de facturación debe ser uno de sus tutores.',
  );
}

/**
 * Whether the caller may see the contact and fiscal data of a student's guardians: the family
 * itself, or staff who may open the school's guardian list (`guardians.read`). Others see who
 * the guardians are, not how to reach them.
 */
export function seesGuardianContacts(caller: IdentityClaims, schoolId: string): boolean {
  if (caller.kind === 'guardian') return true;
  if (caller.kind !== 'staff') return false;
  const membership = caller.memberships.find((m) => m.school_id === schoolId);
  return Boolean(membership && grants(membership, 'guardians.read'));
}

/** The student's record as the caller may see it (guardians' e-mail, phone and RFC withheld). */
export function studentAsSeenBy(student: StudentDetail, caller: IdentityClaims): StudentDetail {
  if (seesGuardianContacts(caller, student.school_id)) return student;
  return {
    ...student,
    guardians: student.guardians.map((g) => ({
      ...g,
      email: null,
      phone: null,
      billing_name: null,
      tax_id: null,
    })),
  };
}
