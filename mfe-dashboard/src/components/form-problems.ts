import type { z } from 'zod';
import { MAX_CENTAVOS } from '@cuota/contracts/common/money';
import { formatMoney } from '@cuota/ui/money';
import { errorDetails, readError } from '@cuota/web-core/api/api-error';

/**
 * The API counts money in centavos and says so; the forms are in pesos, so their money fields
 * say what to type in pesos instead of repeating the API's words.
 */
function inPesos(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') return `Como máximo ${formatMoney(MAX_CENTAVOS)}.`;
  if (issue.code === 'too_small') return 'Escribe una cantidad mayor que $0.00.';
  return 'Escribe una cantidad en pesos, por ejemplo 1,250.00.';
}

/**
 * Each problem beside its field (the first per field), in the schema's Spanish; a path no
 * field shows goes to `form`.
 */
export function problemsFrom<F extends string>(
  issues: z.core.$ZodIssue[],
  fieldOf: Record<string, F>,
  moneyFields: ReadonlySet<F>,
): Partial<Record<F | 'form', string>> {
  const problems: Partial<Record<F | 'form', string>> = {};
  for (const issue of issues) {
    const path = issue.path.filter((p) => typeof p === 'string').join('.');
    const field: F | 'form' = fieldOf[path] ?? 'form';
    problems[field] ??= field !== 'form' && moneyFields.has(field) ? inPesos(issue) : issue.message;
  }
  return problems;
}

/**
 * A refused request's problems: each field its `details` name beside that field (the first
 * per field); when it names none this form shows, its message below the form.
 */
export function problemsOfAnswer<F extends string>(
  error: unknown,
  fieldOf: Record<string, F>,
): Partial<Record<F | 'form', string>> {
  const problems: Partial<Record<F | 'form', string>> = {};
  for (const detail of errorDetails(error)) {
    const field = fieldOf[detail.path];
    if (field) problems[field] ??= detail.message;
  }
  if (Object.keys(problems).length === 0) problems.form = readError(error).message;
  return problems;
}
