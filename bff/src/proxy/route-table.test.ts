import { compileRoutes, matchRoute } from './route-table';
import { ROUTE_ROWS } from './routes';

const routes = compileRoutes(ROUTE_ROWS);

describe('the proxy route table', () => {
  test('covers every REST row of the spec except the tRPC and /api/auth ones', () => {
    expect(ROUTE_ROWS).toHaveLength(250);
    expect(
      ROUTE_ROWS.some(([, p]) => p.startsWith('/api/trpc') || p.startsWith('/api/auth/')),
    ).toBe(false);
  });

  test('a literal segment beats a parameter', () => {
    const match = matchRoute(routes, 'GET', '/api/v1/guardians/me/');
    expect(match).toMatchObject({ kind: 'route', route: { path: '/api/v1/guardians/me/' } });
  });

  test('routes each path to the domain that owns it', () => {
    const domainOf = (method: string, path: string) => {
      const m = matchRoute(routes, method, path);
      return m.kind === 'route' ? m.route.domain : m.kind;
    };
    expect(domainOf('GET', '/api/v1/students/9f1c/orders/')).toBe('billing');
    expect(domainOf('GET', '/api/v1/students/9f1c/')).toBe('enrolment');
    expect(domainOf('POST', '/api/v1/guardians/abc/validate_billing/')).toBe('invoicing');
    expect(domainOf('POST', '/api/v1/guardians/login/send_code/')).toBe('identity');
    expect(domainOf('PUT', '/api/v1/guardian_notification/7/opened/')).toBe('notifications');
    expect(domainOf('PATCH', '/book-keeper/orders/12/')).toBe('billing');
    expect(domainOf('POST', '/backoffice/payouts/3/execute/')).toBe('payments');
  });

  test('a known path with another method is "method not allowed", listing the methods', () => {
    expect(matchRoute(routes, 'DELETE', '/api/v1/students/1/')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'PUT', 'PATCH'],
    });
  });

  test("nothing outside the table matches: services' /internal paths, traversal, encoded slashes", () => {
    for (const path of [
      '/internal/guardians/by-hash/abc',
      '/api/v1/students/../internal/x/',
      '/api/v1/students/..%2Finternal/',
      '/api/v1/students/1',
      '/api/v1/students/1/extra/',
    ])
      expect(matchRoute(routes, 'GET', path)).toEqual({ kind: 'none' });
  });

  test('HEAD is matched as GET', () => {
    expect(matchRoute(routes, 'HEAD', '/api/v1/schools/1/')).toMatchObject({ kind: 'route' });
  });
});
