import '@cuota/contracts/common/spanish-messages';
import type { z } from 'zod';
import { HttpError } from './http-error';
import { MAX_JSON_DEPTH } from './json-body';

const WHERE = { body: 'el cuerpo', query: 'los parámetros', params: 'la ruta' } as const;

type Key = string | number;
/** A value still to look at, and how it was reached (its path is rebuilt only when needed). */
interface Visit {
  value: unknown;
  key: Key | null;
  parent: Visit | null;
  depth: number;
}

export type InputProblem = { path: string; message: string };

const NUL_MESSAGE = 'El texto contiene un carácter no válido.';
const DEPTH_MESSAGE = `Los datos anidan demasiados niveles (máximo ${MAX_JSON_DEPTH}).`;

/**
 * The first string holding U+0000, or the first value nested deeper than MAX_JSON_DEPTH. PostgreSQL
 * text cannot store U+0000 (the insert or the search fails as a 500) and no person types one;
 * nesting that deep is no form's. Iterative with an explicit stack, so no input can exhaust
 * the call stack, and each value is visited once.
 */
export function inputProblem(input: unknown): InputProblem | null {
  const stack: Visit[] = [{ value: input, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path: pathOf(visit), message: NUL_MESSAGE };
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) return { path: pathOf(visit), message: DEPTH_MESSAGE };
      const entries: [Key, unknown][] = Array.isArray(value)
        ? value.map((item, i) => [i, item])
        : Object.entries(value);
      // Pushed in reverse, so the first field is looked at first (the path a person expects).
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        stack.push({ value: item, key, parent: visit, depth: depth + 1 });
      }
    }
  }
  return null;
}

function pathOf(visit: Visit): string {
  const keys: Key[] = [];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.');
}

/** Parses input at the edge; a failure is a 400 listing each field in Spanish. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: keyof typeof WHERE = 'body',
): z.infer<T> {
  const message = `Revisa los datos enviados en ${WHERE[where]} de la solicitud.`;
  const problem = inputProblem(value);
  if (problem) throw new HttpError(400, 'VALIDATION_FAILED', message, [problem]);
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw new HttpError(
    400,
    'VALIDATION_FAILED',
    message,
    parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  );
}
