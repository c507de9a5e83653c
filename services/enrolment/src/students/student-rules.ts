import { conflict, HttpError } from '@cuota/service-runtime/http/http-error';

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

/** PostgreSQL's unique_violation, as node-postgres reports it (possibly wrapped by Drizzle). */
export function uniqueViolationOf(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
}

/** Unique indexes of a school's students, and what the person should be told. */
const DUPLICATE_STUDENT: Record<string, string> = {
  students_school_curp_uq: 'Ya hay un alumno con esta CURP en la escuela.',
  students_school_code_uq: 'Ya hay un alumno con esta matrícula en la escuela.',
};

/** Runs `work`; a duplicate CURP or matrícula becomes a Spanish 409 instead of a 500. */
export async function refuseDuplicateStudent<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolationOf(err);
    const message = constraint !== null ? DUPLICATE_STUDENT[constraint] : undefined;
    if (message) throw conflict(message);
    throw err;
  }
}
