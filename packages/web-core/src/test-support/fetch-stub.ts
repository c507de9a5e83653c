// Test helper: a fake network at the `fetch` boundary. Needs the environment in
// `@cuota/web-core/test-support/jsdom-environment` (Request/Response exist there).
type Respond = (request: Request) => Response | Promise<Response>;
interface Route {
  method: string;
  path: string | RegExp;
  respond: Respond;
}

export interface FetchStub {
  /** Every request sent, in order (bodies still readable). */
  requests: Request[];
  /** Answers `method path`; a later route for the same request wins. */
  on(method: string, path: string | RegExp, answer: Respond | unknown): FetchStub;
  /** Requests sent to `method path`. */
  sent(method: string, path: string): Request[];
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

export function apiErrorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, { status });
}

const matches = (route: Route, method: string, pathname: string) =>
  route.method === method &&
  (typeof route.path === 'string' ? route.path === pathname : route.path.test(pathname));

export function stubFetch(): FetchStub {
  const routes: Route[] = [];
  const requests: Request[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const route = routes.findLast((r) => matches(r, request.method, pathname));
    if (!route) return apiErrorResponse(404, 'NOT_FOUND', `Sin respuesta para ${pathname}`);
    return route.respond(request);
  });
  const stub: FetchStub = {
    requests,
    on(method, path, answer) {
      const respond =
        typeof answer === 'function' ? (answer as Respond) : () => jsonResponse(answer);
      routes.push({ method, path, respond });
      return stub;
    },
    sent: (method, path) =>
      requests.filter((r) => r.method === method && new URL(r.url).pathname === path),
  };
  return stub;
}
