import { conflict } from '@cuota/service-runtime/http/http-error';

/** PostgreSQL's unique_violation, as node-postgres reports it (possibly wrapped by Drizzle). */
export function uniqueViolationOf(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
}

const STUDENT_KEYS: Record<string, string> = {
  students_school_curp_uq: 'Ya existe un alumno con esa CURP en la escuela.',
  students_school_code_uq: 'Ya existe un alumno con esa matrícula en la escuela.',
};

/** Runs `work`; a duplicate CURP or matrícula becomes a Spanish 409 instead of a 500. */
export async function refuseDuplicateStudent<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const constraint = uniqueViolationOf(err);
    const message = constraint !== null ? STUDENT_KEYS[constraint] : undefined;
    if (message) throw conflict(message);
    throw err;
  }
}
