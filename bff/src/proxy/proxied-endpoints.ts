import type { Request } from 'express';
import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import { ALL_PLANNED_ROWS } from '@cuota/contracts/http/all-planned-rows';
import { isPublicEndpoint, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import type { PlannedRow } from '@cuota/contracts/http/planned-row';
import { createEndpointMatcher, type EndpointMatch } from '@cuota/contracts/http/endpoint-matcher';

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

const matchRouted = createEndpointMatcher(ROUTED);
type RoutedMatch = EndpointMatch<AnyEndpoint | PlannedRow>;
const matches = new WeakMap<Request, { path: string; found: RoutedMatch }>();

/**
 * The routed row a request is for, matched once per request (the session read asks before the
 * proxy does). The path is the whole one wherever the asking middleware is mounted.
 */
export function routedMatch(req: Request): RoutedMatch {
  const path = req.baseUrl + req.path;
  const kept = matches.get(req);
  if (kept?.path === path) return kept.found;
  const found = matchRouted(req.method, path);
  matches.set(req, { path, found });
  return found;
}

/** Whether the proxy forwards this request to a service (not the BFF's own, not a planned row). */
export function isForwarded(req: Request): boolean {
  // A mount point asked for as is (`/api`) reads `/api/` inside its mount, not as the proxy does.
  if (!req.originalUrl.startsWith(req.baseUrl + req.path)) return false;
  const found = routedMatch(req);
  return found.kind === 'endpoint' && isDefinition(found.endpoint) && !found.endpoint.servedByBff;
}
