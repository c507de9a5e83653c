import '@cuota/contracts/common/spanish-messages';
import type { z } from 'zod';
import { HttpError } from './http-error';

const WHERE = { body: 'el cuerpo', query: 'los parámetros', params: 'la ruta' } as const;

/** Parses input at the edge; a failure is a 400 listing each field in Spanish. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: keyof typeof WHERE = 'body',
): z.infer<T> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw new HttpError(
    400,
    'VALIDATION_FAILED',
    `Revisa los datos enviados en ${WHERE[where]} de la solicitud.`,
    parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}
