import type { Request, RequestHandler, Response } from 'express';
import type { SessionData } from 'express-session';
import { runMiddleware } from '../http/run-middleware';
import './session-data';
import { verifiedSessionIds } from './signed-session-id';

/**
 * express-session's handler, kept for each request whose session the lean read gave: a write
 * turns the plain copy into express-session's own session first (writableSession).
 */
const leanReads = new WeakMap<Request, RequestHandler>();

export interface LeanReadOptions {
  /** The session cookie's name and the secrets it may be signed with (first signs). */
  name: string;
  secrets: readonly string[];
  /** A session's stored JSON, through the same connection and kept copy as the store's. */
  readStored: (sid: string) => Promise<string | null>;
  /** The requests read this way: calls the BFF forwards, which never write their session. */
  appliesTo: (req: Request) => boolean;
  /** A session due for a write on load (its renewal) is left to express-session. */
  dueForWrite: (session: Partial<SessionData>) => boolean;
}

/**
 * A signed-in call's session, read without express-session (ADR 0113): the signed cookie
 * checked and the stored JSON parsed (once per change) into a plain `req.session`, so
 * express-session (which steps aside when `req.session` is set) makes no Session and Cookie
 * objects, hashes nothing three times and wraps no `writeHead`/`end`: a proxied read's garbage,
 * promoted when the young generation fills within its flight, is what schedules the BFF's
 * mark-compacts. Anything else (no cookie, a bad signature, a session with no one signed in, a
 * renewal due, Redis failing) is left to express-session exactly as before.
 */
export function leanSessionRead(options: LeanReadOptions, cookieSessions: RequestHandler) {
  const { name, secrets, readStored, appliesTo, dueForWrite } = options;
  const parsed = parsedSessions();
  const sessionIdOf = verifiedSessionIds(name, secrets);
  return ((req, _res, next) => {
    if (req.session || !appliesTo(req)) return next();
    const sid = sessionIdOf(req.headers.cookie);
    if (sid === undefined) return next();
    readStored(sid).then(
      (raw) => {
        const stored = raw === null ? undefined : parsed(sid, raw);
        if (stored?.auth && !dueForWrite(stored)) {
          req.sessionID = sid;
          req.session = stored as Request['session'];
          leanReads.set(req, cookieSessions);
        }
        next();
      },
      () => next(), // express-session reads it again and answers the failure as before
    );
  }) satisfies RequestHandler;
}

/** Sessions whose parsed copy is kept (the session connection keeps as many, ADR 0039). */
const PARSED_KEPT = 5_000;

/**
 * Each session's stored JSON parsed once per change, deep-frozen and shared by the forwarded
 * calls that read it (they never write it): the same JSON is not parsed again per call, and
 * the calls in flight hold one copy instead of one each for the collector to promote.
 */
function parsedSessions() {
  const kept = new Map<string, { raw: string; session: Partial<SessionData> }>();
  return (sid: string, raw: string): Partial<SessionData> | undefined => {
    const hit = kept.get(sid);
    if (hit?.raw === raw) return hit.session;
    let session: Partial<SessionData>;
    try {
      session = deepFreeze(JSON.parse(raw) as Partial<SessionData>);
    } catch {
      return undefined;
    }
    kept.delete(sid);
    kept.set(sid, { raw, session });
    if (kept.size > PARSED_KEPT) kept.delete(kept.keys().next().value!);
    return session;
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Whether `req.session` is the lean read's plain copy (it cannot save, regenerate or destroy). */
export const isLeanSession = (req: Request): boolean => leanReads.has(req);

/**
 * Gives the request express-session's own session in place of the lean copy (read again from
 * the store), before anything writes to it; a no-op for express-session's sessions.
 */
export function writableSession(req: Request, res: Response): Promise<void> {
  const cookieSessions = leanReads.get(req);
  if (!cookieSessions) return Promise.resolve();
  leanReads.delete(req);
  req.session = undefined as unknown as Request['session'];
  return runMiddleware(cookieSessions, req, res);
}
