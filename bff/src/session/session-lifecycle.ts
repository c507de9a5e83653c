import type { Request, Response } from 'express';
import { writableSession } from './lean-session-read';
import { SESSION_COOKIE } from './session-middleware';

/** express-session's callback methods as promises (only the BFF's own routes save or regenerate). */

/** A new session id for the same browser: called at sign-in so a planted id is worthless. */
export function regenerateSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((err) => (err ? reject(err) : resolve())),
  );
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.save((err) => (err ? reject(err) : resolve())),
  );
}

/** Removes the session from Redis and tells the browser to forget the cookie (a lean copy too). */
export async function destroySession(req: Request, res: Response): Promise<void> {
  await writableSession(req, res);
  res.clearCookie(SESSION_COOKIE, { path: '/' });
  return new Promise((resolve, reject) =>
    req.session.destroy((err) => (err ? reject(err) : resolve())),
  );
}
