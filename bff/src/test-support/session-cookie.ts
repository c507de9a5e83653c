import type { Response } from 'supertest';
import { SESSION_COOKIE } from '../session/session-middleware';

/** The `cuota.sid=…` pair a response sets, if any. */
export function sessionCookieOf(res: Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | string | undefined;
  const cookies = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];
}

/** The session id inside a signed `cuota.sid=s%3A<id>.<signature>` cookie. */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1));
  return value.slice(2, value.lastIndexOf('.'));
}
