import type { Request, Response } from 'express';
import type { BffConfig } from '../config/bff-config';
import { REMOTES } from '../test-support/test-bff';
import { API_CSP, createHelmet } from './helmet';

test("helmet's headers are worked out once: a request only copies them", () => {
  const set = new Map<string, string>();
  // Only setHeader: helmet's own middleware (it calls removeHeader) would throw here.
  const res = { setHeader: (name: string, value: string) => void set.set(name, value) };
  const next = jest.fn();
  const secure = createHelmet({ remotes: REMOTES, nodeEnv: 'test' } as BffConfig, ['/api']);
  const page = { path: '/dashboard/due' } as Request;
  for (let i = 0; i < 2; i++) secure(page, res as unknown as Response, next);
  expect(next).toHaveBeenCalledTimes(2);
  expect(next).toHaveBeenCalledWith();
  expect(set.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
  expect(set.get('Content-Security-Policy')).toContain(new URL(REMOTES.portal).origin);
  expect(set.get('X-Content-Type-Options')).toBe('nosniff');
  expect(set.has('Strict-Transport-Security')).toBe(false);
});

test('an API answer carries the short policy, a page the one that loads the remotes', () => {
  const secure = createHelmet({ remotes: REMOTES, nodeEnv: 'test' } as BffConfig, [
    '/api',
    '/auth',
  ]);
  const policyFor = (path: string) => {
    const set = new Map<string, string>();
    const res = { setHeader: (name: string, value: string) => void set.set(name, value) };
    secure({ path } as Request, res as unknown as Response, () => undefined);
    return set;
  };

  expect(policyFor('/api/v1/users/me/').get('Content-Security-Policy')).toBe(API_CSP);
  expect(policyFor('/auth/token/public-key/').get('Content-Security-Policy')).toBe(API_CSP);
  expect(policyFor('/api/v1/users/me/').get('X-Content-Type-Options')).toBe('nosniff');
  // A page whose path merely starts with the same letters is a page.
  expect(policyFor('/apiary').get('Content-Security-Policy')).toContain(
    new URL(REMOTES.dashboard).origin,
  );
  expect(policyFor('/dashboard').get('Content-Security-Policy')).toContain("script-src 'self'");
});

test("pages may send to the monitoring DSN's origin only when one is configured", () => {
  const connectSrc = (config: Partial<BffConfig>) => {
    const set = new Map<string, string>();
    const res = { setHeader: (name: string, value: string) => void set.set(name, value) };
    createHelmet({ remotes: REMOTES, nodeEnv: 'test', ...config } as BffConfig, ['/api'])(
      { path: '/' } as Request,
      res as unknown as Response,
      () => undefined,
    );
    return set
      .get('Content-Security-Policy')!
      .split(';')
      .find((d) => d.startsWith('connect-src'));
  };
  expect(connectSrc({})).not.toContain('errors.example');
  expect(connectSrc({ monitoringOrigin: 'https://errors.example' })).toContain(
    'https://errors.example',
  );
});
