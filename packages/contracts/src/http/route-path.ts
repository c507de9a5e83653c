/**
 * Path templates as the specification prints them (`/api/v1/schools/{id}/levels/{level}/`):
 * the one notation every part reads, turned here into what each part needs.
 */

/** The `{name}` placeholders of a template, in order. */
export function pathParamNames(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** Express's notation: `/api/v1/schools/:id/levels/:level/`. */
export function expressPath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * A path parameter is one URL segment of plain characters; it cannot start with a dot, so
 * `..` or `%2F` never smuggle a request to a path no definition lists.
 */
export const PATH_PARAM_PATTERN = '[A-Za-z0-9_~-][A-Za-z0-9_.~-]*';

/** Anchored regular expression matching the concrete paths of a template. */
export function pathPattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) =>
      /^\{.+\}$/.test(part) ? PATH_PARAM_PATTERN : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/** The template with its parameters filled in (each encoded as one segment). */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
}
