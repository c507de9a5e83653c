import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import { staffOnly, type Access } from '@cuota/contracts/http/access';
import {
  endpointKey,
  isPublicEndpoint,
  pathParamsSchema,
  type AnyEndpoint,
  type Domain,
  type HttpMethod,
  type Surface,
} from '@cuota/contracts/http/endpoint';
import { CAPABILITY_ROWS } from './capability-routes';
import { ROUTE_DOMAIN_OVERRIDES } from './route-overrides';
import { routeGrant } from './route-permissions';
import { ROUTE_ROWS } from './routes';

/**
 * Every endpoint the public can reach: the ones services serve (forwarded), the BFF's own
 * (left to its routes) and planned ones (501). Never a service's internal ones (`bffOnly`).
 */
export const PUBLIC_ENDPOINTS: readonly AnyEndpoint[] = [
  ...ALL_ENDPOINTS.filter(isPublicEndpoint),
  ...legacyEndpoints(),
];

/**
 * Enrolment rows not yet described by a definition, with the access the old route tables
 * gave them. Shrinks to nothing as enrolment's concepts move to definitions.
 */
function legacyEndpoints(): AnyEndpoint[] {
  const defined = new Set(ALL_ENDPOINTS.map(endpointKey));
  return [...ROUTE_ROWS, ...CAPABILITY_ROWS]
    .filter(
      ([method, path, , domain]) => domain !== 'identity' && !defined.has(`${method} ${path}`),
    )
    .map(([method, path, surface, domain]) => legacy(method, path, surface, domain));
}

function legacy(method: HttpMethod, path: string, surface: Surface, domain: Domain): AnyEndpoint {
  const actual = ROUTE_DOMAIN_OVERRIDES[`${method} ${path}`] ?? domain;
  return {
    name: `legacy.${method} ${path}`,
    method,
    path,
    domain: actual,
    surface,
    access: legacyAccess(method, path, surface, actual),
    summary: path,
    spec: 'spec',
    params: pathParamsSchema(path),
    query: undefined,
    body: undefined,
    response: undefined,
    ...(actual === 'notifications' ? { planned: true as const } : {}),
  };
}

function legacyAccess(method: HttpMethod, path: string, surface: Surface, domain: Domain): Access {
  if (surface === 'webhook') return { webhook: true };
  if (surface === 'store') return { anonymous: true };
  if (surface === 'portal') return { guardian: true, staff: 'member' };
  const grant = routeGrant({ method, path, domain });
  return grant ? staffOnly(grant) : {};
}
