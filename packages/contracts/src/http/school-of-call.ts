import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';

/** The name of the path parameter that follows `/schools/`, if the template has one. */
export function schoolParamOf(path: string): string | undefined {
  return /\/schools\/\{([^}]+)\}/.exec(path)?.[1];
}

const asId = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The school a call is about, when the request names it: the path's `/schools/{x}`, else a
 * `school_id` in the query, else one in the body. Otherwise the handler finds it from the
 * record it reads (a student, a section…).
 */
export function schoolOfCall(
  endpoint: Pick<AnyEndpoint, 'path'>,
  request: { params: Record<string, unknown>; query?: unknown; body?: unknown },
): string | undefined {
  const param = schoolParamOf(endpoint.path);
  if (param) return asId(request.params[param]);
  const fromQuery = asId((request.query as { school_id?: unknown } | undefined)?.school_id);
  return fromQuery ?? asId((request.body as { school_id?: unknown } | undefined)?.school_id);
}
