import { CAPABILITY_ROWS } from './capability-routes';
import { compileRoutes, matchRoute } from './route-table';
import { ROUTE_ROWS } from './routes';

const routes = compileRoutes([...ROUTE_ROWS, ...CAPABILITY_ROWS]);

describe('capability rows (paths the spec does not print)', () => {
  test('never repeat or shadow a row of the spec', () => {
    const key = ([method, path]: readonly [string, string, ...unknown[]]) => `${method} ${path}`;
    const spec = new Set(ROUTE_ROWS.map(key));
    for (const row of CAPABILITY_ROWS) expect(spec.has(key(row))).toBe(false);
  });

  test('are routed beside the spec rows of the same path', () => {
    const path = '/api/v1/dashboard/schools/9f1c/cycles/';
    expect(matchRoute(routes, 'POST', path)).toMatchObject({
      kind: 'route',
      route: { domain: 'enrolment', surface: 'dashboard' },
    });
    expect(matchRoute(routes, 'GET', path)).toMatchObject({ kind: 'route' });
    expect(matchRoute(routes, 'GET', '/api/v1/schools/9f1c/logo/')).toMatchObject({
      kind: 'route',
      route: { surface: 'portal' },
    });
  });
});
