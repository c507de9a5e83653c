import '@cuota/contracts/common/spanish-messages';
import type { z } from 'zod';
import { HttpError } from './http-error';

const WHERE = { body: 'el cuerpo', query: 'los parámetros', params: 'la ruta' } as const;

/**
 * The path of the first string holding U+0000, if any. PostgreSQL text cannot store it
 * (the insert or the search fails as a 500), and no person types one: it is refused as
 * bad input before anything reaches the database.
 */
function nulCharacterPath(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, i]);
      if (found !== null) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulCharacterPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Parses input at the edge; a failure is a 400 listing each field in Spanish. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: keyof typeof WHERE = 'body',
): z.infer<T> {
  const message = `Revisa los datos enviados en ${WHERE[where]} de la solicitud.`;
  const nul = nulCharacterPath(value);
  if (nul !== null)
    throw new HttpError(400, 'VALIDATION_FAILED', message, [
      { path: nul, message: 'El texto contiene un carácter no válido.' },
    ]);
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw new HttpError(
    400,
    'VALIDATION_FAILED',
    message,
    parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}
