import type { Request, Response } from 'express';
import type { BffConfig } from '../config/bff-config';
import { REMOTES } from '../test-support/test-bff';
import { createHelmet } from './helmet';

test("helmet's headers are worked out once: a request only copies them", () => {
  const set = new Map<string, string>();
  // Only setHeader: helmet's own middleware (it calls removeHeader) would throw here.
  const res = { setHeader: (name: string, value: string) => void set.set(name, value) };
  const next = jest.fn();
  const secure = createHelmet({ remotes: REMOTES, nodeEnv: 'test' } as BffConfig);
  for (let i = 0; i < 2; i++) secure({} as Request, res as unknown as Response, next);
  expect(next).toHaveBeenCalledTimes(2);
  expect(next).toHaveBeenCalledWith();
  expect(set.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
  expect(set.get('Content-Security-Policy')).toContain(new URL(REMOTES.portal).origin);
  expect(set.get('X-Content-Type-Options')).toBe('nosniff');
  expect(set.has('Strict-Transport-Security')).toBe(false);
});
