import { ROUTE_DOMAIN_OVERRIDES } from './route-overrides';
import { HTTP_METHODS, type Domain, type HttpMethod, type RouteRow, type Surface } from './routes';

export interface ApiRoute {
  method: HttpMethod;
  path: string;
  surface: Surface;
  domain: Domain;
  pattern: RegExp;
  /** Fewer parameters = more specific (`/guardians/me/` beats `/guardians/{id}/`). */
  params: number;
}

export type RouteMatch =
  | { kind: 'route'; route: ApiRoute }
  /** The path exists, but not for this method. */
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'none' };

/**
 * A path parameter is one URL segment of plain characters; it cannot start with a dot, so
 * `..` or `%2F` never smuggle a request to a path the table does not list.
 */
const PARAM = '[A-Za-z0-9_~-][A-Za-z0-9_.~-]*';

export function compileRoutes(rows: readonly RouteRow[]): ApiRoute[] {
  return rows.map(([method, path, surface, domain]) => {
    const parts = path.split(/(\{[^}]+\})/);
    const source = parts
      .map((part) => (/^\{.+\}$/.test(part) ? PARAM : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    return {
      method,
      path,
      surface,
      domain: ROUTE_DOMAIN_OVERRIDES[`${method} ${path}`] ?? domain,
      pattern: new RegExp(`^${source}$`),
      params: parts.filter((p) => /^\{.+\}$/.test(p)).length,
    };
  });
}

export function matchRoute(routes: ApiRoute[], method: string, pathname: string): RouteMatch {
  const onPath = routes.filter((r) => r.pattern.test(pathname));
  if (!onPath.length) return { kind: 'none' };
  const wanted = method === 'HEAD' ? 'GET' : method;
  const forMethod = onPath.filter((r) => r.method === wanted);
  if (!forMethod.length) {
    const allowed = HTTP_METHODS.filter((m) => onPath.some((r) => r.method === m));
    return { kind: 'method-not-allowed', allowed };
  }
  const route = forMethod.reduce((best, r) => (r.params < best.params ? r : best));
  return { kind: 'route', route };
}
