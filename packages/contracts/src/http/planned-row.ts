import type { Domain, HttpMethod, Surface } from '@cuota/contracts/http/endpoint';

/**
 * A row of the specification (docs/spec/api-paths.tsv) nobody serves yet: where it will be and
 * what it is for, nothing more. Who may call it and its schemas are decided when the row is
 * built, as a definition (ADR 0027).
 */
export interface PlannedRow {
  method: HttpMethod;
  path: string;
  domain: Domain;
  surface: Surface;
  /** One line of Spanish for the reference page. */
  summary: string;
}

/** `METHOD /path`, as the specification's table names a row. */
type RowKey = `${HttpMethod} /${string}`;

/** A domain's planned rows, grouped by surface, each `'METHOD /path': 'summary'`. */
export function plannedRows(
  domain: Domain,
  bySurface: Partial<Record<Surface, Record<RowKey, string>>>,
): readonly PlannedRow[] {
  return Object.entries(bySurface).flatMap(([surface, rows]) =>
    Object.entries(rows).map(([key, summary]) => {
      const [method, path] = key.split(' ') as [HttpMethod, string];
      return { method, path, domain, surface: surface as Surface, summary };
    }),
  );
}
