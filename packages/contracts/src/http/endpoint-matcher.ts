import { HTTP_METHODS, type AnyEndpoint, type HttpMethod } from './endpoint';
import { pathParamNames, pathPattern } from './route-path';

/** What a matcher tells apart: a definition, or anything else with a method and a path. */
type Routable = Pick<AnyEndpoint, 'method' | 'path'>;

export type EndpointMatch<E extends Routable = AnyEndpoint> =
  | { kind: 'endpoint'; endpoint: E; params: Record<string, string> }
  /** The path exists, but not for this method. */
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'none' };

interface Compiled<E> {
  endpoint: E;
  pattern: RegExp;
  names: string[];
}

/**
 * Finds the endpoint a request is for. A literal segment beats a parameter
 * (`/guardians/me/` before `/guardians/{id}/`); HEAD is matched as GET.
 */
export function createEndpointMatcher<E extends Routable>(endpoints: readonly E[]) {
  // Fewer parameters first: the more literal template wins when two match.
  const compiled: Compiled<E>[] = endpoints
    .map((endpoint) => ({
      endpoint,
      pattern: pathPattern(endpoint.path),
      names: pathParamNames(endpoint.path),
    }))
    .sort((a, b) => a.names.length - b.names.length);

  return (method: string, pathname: string): EndpointMatch<E> => {
    const onPath = compiled.filter((c) => c.pattern.test(pathname));
    if (!onPath.length) return { kind: 'none' };
    const wanted = method === 'HEAD' ? 'GET' : method;
    const found = onPath.find((c) => c.endpoint.method === wanted);
    if (!found) {
      const allowed = HTTP_METHODS.filter((m) => onPath.some((c) => c.endpoint.method === m));
      return { kind: 'method-not-allowed', allowed };
    }
    return { kind: 'endpoint', endpoint: found.endpoint, params: paramsOf(found, pathname) };
  };
}

function paramsOf(compiled: Compiled<Routable>, pathname: string): Record<string, string> {
  const template = compiled.endpoint.path.split('/');
  const actual = pathname.split('/');
  const params: Record<string, string> = {};
  template.forEach((part, i) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    // The parameter pattern admits no '%', so there is nothing to decode.
    if (name) params[name] = actual[i]!;
  });
  return params;
}
