import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import { ALL_PLANNED_ROWS } from '@cuota/contracts/http/all-planned-rows';
import { isPublicEndpoint, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import type { PlannedRow } from '@cuota/contracts/http/planned-row';

/**
 * Every endpoint the public can reach: the ones services serve (forwarded) and the BFF's own
 * (left to its routes). Never an internal one.
 */
export const PUBLIC_ENDPOINTS: readonly AnyEndpoint[] = ALL_ENDPOINTS.filter(isPublicEndpoint);

/** What the proxy recognises: the public endpoints, and the rows nobody serves yet (501). */
export const ROUTED: readonly (AnyEndpoint | PlannedRow)[] = [
  ...PUBLIC_ENDPOINTS,
  ...ALL_PLANNED_ROWS,
];

const planned = new Set<AnyEndpoint | PlannedRow>(ALL_PLANNED_ROWS);
/** A definition, not a planned row (every definition has a row's fields too). */
export const isDefinition = (routed: AnyEndpoint | PlannedRow): routed is AnyEndpoint =>
  !planned.has(routed);
