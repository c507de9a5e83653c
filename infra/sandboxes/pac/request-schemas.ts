import { z } from 'zod';
import { PacApiError } from './pac-api-error.ts';
import { REGIMENES } from './sat-catalogs.ts';

/** SAT's t_RFC (tdCFDI.xsd). */
export const RFC_PATTERN =
  /^[A-Z&Ñ]{3,4}[0-9]{2}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/u;

export const taxpayerSchema = z.object({
  name: z
    .string({ error: 'name es obligatorio.' })
    .trim()
    .min(1, { error: 'name es obligatorio.' })
    .max(300, { error: 'name admite hasta 300 caracteres.' }),
  postal_code: z
    .string({ error: 'postal_code es obligatorio.' })
    .regex(/^[0-9]{5}$/, { error: 'postal_code debe tener 5 dígitos.' }),
  regimes: z
    .array(
      z.enum(Object.keys(REGIMENES) as [string, ...string[]], {
        error: 'regimes solo admite claves de c_RegimenFiscal (601, 605, 612…).',
      }),
      { error: 'regimes debe ser una lista de claves de régimen fiscal.' },
    )
    .min(1, { error: 'regimes necesita al menos un régimen.' }),
});

/** Parses a request body, answering 400 with the schema's Spanish messages. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw new PacApiError(
    400,
    'SOLICITUD_INVALIDA',
    [...new Set(result.error.issues.map((issue) => issue.message))].join(' '),
  );
}
