import type { Request } from 'express';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { PersonClaims, SignedInState } from './session-data';
import { SESSION_COOKIE } from './session-middleware';

/** The signed-in state of this request's session, if any. */
export function signedInState(req: Request): SignedInState | undefined {
  return req.session?.auth;
}

/**
 * The caller's identity, or a 401 that says why: SESSION_EXPIRED when the browser still
 * sends a cookie whose session is gone from Redis, UNAUTHENTICATED otherwise.
 */
export function requireSignedIn(req: Request): SignedInState {
  const state = signedInState(req);
  if (state) return state;
  throw signInRequiredError(req);
}

/** The 401 for a call that needs a session and has none. */
export const signInRequiredError = (req: Request) =>
  sessionExpired(req) ? sessionExpiredError() : unauthenticatedError();

export function requireKind<K extends PersonClaims['kind']>(
  req: Request,
  kind: K,
): SignedInState & { identity: Extract<PersonClaims, { kind: K }> } {
  const state = requireSignedIn(req);
  if (state.identity.kind !== kind)
    throw new HttpError(403, 'FORBIDDEN', 'Tu cuenta no tiene acceso a esta sección.');
  return state as SignedInState & { identity: Extract<PersonClaims, { kind: K }> };
}

/** A cookie came in but its session held nothing: it expired (or was removed) server-side. */
export function sessionExpired(req: Request): boolean {
  const sent = req.headers.cookie
    ?.split(';')
    .some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
  return Boolean(sent) && !req.session?.auth && !req.session?.csrfToken;
}

export const sessionExpiredError = () =>
  new HttpError(401, 'SESSION_EXPIRED', 'Tu sesión expiró. Inicia sesión de nuevo para continuar.');

export const unauthenticatedError = () =>
  new HttpError(401, 'UNAUTHENTICATED', 'Inicia sesión para continuar.');
