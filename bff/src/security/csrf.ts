import type { Request, RequestHandler } from 'express';
import { csrfSync } from 'csrf-sync';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import '../session/session-data';

export const CSRF_HEADER = 'x-csrf-token';

/**
 * Synchroniser tokens kept in the session (csrf-sync). A mutation must send the session's
 * token in the `x-csrf-token` header or, as Auth.js forms do, in a `csrfToken` body field.
 * Proxied calls are not parsed, so for them only the header counts.
 */
const csrf = csrfSync({
  size: 32,
  getTokenFromRequest: (req) => headerToken(req) ?? bodyToken(req),
});

function headerToken(req: Request): string | undefined {
  const value = req.headers[CSRF_HEADER];
  return typeof value === 'string' ? value : undefined;
}

function bodyToken(req: Request): string | undefined {
  const body: unknown = req.body;
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as { csrfToken?: unknown }).csrfToken;
  return typeof value === 'string' ? value : undefined;
}

/** The session's token, made (and stored in the session) on first use. */
export function csrfToken(req: Request): string {
  return csrf.generateToken(req);
}

export function isCsrfValid(req: Request): boolean {
  return csrf.isRequestValid(req);
}

export const csrfInvalidError = () =>
  new HttpError(
    403,
    'CSRF_INVALID',
    'La sesión de seguridad expiró. Recarga la página e intenta de nuevo.',
  );

/** Rejects a mutation without the session's CSRF token (403 CSRF_INVALID). */
export const requireCsrf: RequestHandler = (req, _res, next) => {
  if (isCsrfValid(req)) next();
  else next(csrfInvalidError());
};
