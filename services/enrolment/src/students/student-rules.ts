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
