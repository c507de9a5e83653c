import { conflict, type HttpError } from './http-error';

/** What a person is told when a unique index refuses a write, by the index's name. */
export type UniqueViolationMessages = Readonly<Record<string, string>>;

export const DUPLICATE_RECORD_MESSAGE =
  'Ya existe un registro con esos datos. Recarga la página para verlo.';

/** PostgreSQL's unique_violation (23505) as node-postgres reports it, possibly wrapped by Drizzle. */
export function uniqueViolationOf(err: unknown): string | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | null; e;) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = (typeof e.cause === 'object' ? e.cause : null) as typeof e;
  }
  return null;
}

/**
 * A unique index that refused a write as a Spanish 409: two requests raced past the same
 * "is it free?" check (a double click), and the second one lost. Undefined for other errors.
 */
export function uniqueViolationConflict(
  err: unknown,
  messages: UniqueViolationMessages = {},
): HttpError | undefined {
  const constraint = uniqueViolationOf(err);
  if (constraint === null) return undefined;
  return conflict(messages[constraint] ?? DUPLICATE_RECORD_MESSAGE);
}
