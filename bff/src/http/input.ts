import type { z } from 'zod';
import { parseInput } from '@cuota/service-runtime/http/validate';

/**
 * Parses a body with its schema after setting aside the envelope fields that belong to the
 * protocol (the CSRF token, Auth.js's flags), so strict schemas still reject everything else.
 */
export function parseBody<T extends z.ZodType>(
  schema: T,
  body: unknown,
  envelope: readonly string[] = ['csrfToken'],
): z.infer<T> {
  return parseInput(schema, withoutKeys(body, envelope));
}

export function withoutKeys(body: unknown, keys: readonly string[]): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));
}
