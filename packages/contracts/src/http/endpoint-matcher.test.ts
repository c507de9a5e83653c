import fc from 'fast-check';
import { ALL_ENDPOINTS } from './all-endpoints';
import { createEndpointMatcher } from './endpoint-matcher';
import { fillPath, pathParamNames } from './route-path';

const match = createEndpointMatcher(ALL_ENDPOINTS);
const nameOf = (method: string, path: string) => {
  const found = match(method, path);
  return found.kind === 'endpoint' ? found.endpoint.name : found.kind;
};

describe('the endpoint matcher', () => {
  test('a literal segment beats a parameter', () => {
    expect(nameOf('GET', '/api/v1/guardians/me/')).toBe('enrolment.guardians.me');
    expect(nameOf('GET', '/api/v1/guardians/9f1c/')).toBe('enrolment.guardians.read');
  });

  test('a known path with another method lists the methods it has', () => {
    expect(match('DELETE', '/api/v1/students/1/')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'PUT', 'PATCH'],
    });
  });

  test('HEAD is matched as GET', () => {
    expect(match('HEAD', '/api/v1/schools/1/')).toMatchObject({ kind: 'endpoint' });
  });

  test('nothing outside the definitions matches: traversal, encoded slashes, extra segments', () => {
    for (const path of [
      '/api/v1/students/../internal/x/',
      '/api/v1/students/..%2Finternal/',
      '/api/v1/students/1',
      '/api/v1/students/1/extra/',
      '/api/v1/students/%E0%A4%A/',
    ])
      expect(match('GET', path)).toEqual({ kind: 'none' });
  });

  test('a request is matched along its own segments, never against every definition', () => {
    const test = jest.spyOn(RegExp.prototype, 'test');
    try {
      expect(nameOf('GET', '/api/v1/students/stu-1/orders/')).toBe(
        'billing.orders.list-by-student',
      );
      // One check of the one parameter segment on its way, whatever the number of definitions.
      expect(test.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      test.mockRestore();
    }
  });

  /** A value a path parameter may take: one plain segment, not starting with a dot. */
  const segment = fc.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9_.~-]{0,20}$/);

  test('every definition is found from its own path, with the values in its parameters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL_ENDPOINTS),
        fc.array(segment, { minLength: 4, maxLength: 4 }),
        (endpoint, values) => {
          const names = pathParamNames(endpoint.path);
          const params = Object.fromEntries(names.map((n, i) => [n, values[i]!]));
          const found = match(endpoint.method, fillPath(endpoint.path, params));
          if (found.kind !== 'endpoint') return false;
          // A more literal definition may win (`/guardians/me/` over `/guardians/{id}/`); then
          // the path still fits the winner and the winner has no more parameters.
          if (found.endpoint !== endpoint)
            return pathParamNames(found.endpoint.path).length < names.length;
          return names.every((n) => found.params[n] === params[n]);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('a segment with a slash, a percent sign or a leading dot never reaches an endpoint', () => {
    const hostile = fc.oneof(
      fc.constantFrom('..', '.', '%2F', '%2e%2e', 'a/b', '.env'),
      fc.string({ minLength: 1, maxLength: 8 }).map((s) => `${s}%`),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL_ENDPOINTS.filter((e) => pathParamNames(e.path).length)),
        hostile,
        (endpoint, bad) => {
          const path = endpoint.path.replace(/\{[^}]+\}/, bad).replace(/\{[^}]+\}/g, 'x');
          const found = match(endpoint.method, path);
          return found.kind !== 'endpoint' || found.endpoint.path !== endpoint.path;
        },
      ),
      { numRuns: 1000 },
    );
  });
});
