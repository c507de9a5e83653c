import type { ErrorRequestHandler, Request, Response } from 'express';
import type { AuthUrlResponse, SignInErrorCode } from '@cuota/contracts/identity/auth-api';
import { signInPage } from '@cuota/contracts/identity/endpoints';
import { toHttpError } from '@cuota/service-runtime/http/error-handler';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { SignInError } from './sign-in-error';

interface AuthFailure {
  status: number;
  /** `?error=` (Auth.js) or `?csrf=true` (Auth.js's answer to a bad CSRF token). */
  query: Record<string, string>;
  error: NonNullable<AuthUrlResponse['error']>;
}

/** Any failure of an Auth.js POST as Auth.js answers it: `{ url }` (+ the Spanish error). */
export function authFailureHandler(publicUrl: string, logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const failure = toAuthFailure(err);
    if (failure.status >= 500) logger.error({ err }, 'sign-in failed');
    const page = (res.locals.signInPage as string | undefined) ?? signInPage.path;
    const url = new URL(page, `${publicUrl}/`);
    for (const [k, v] of Object.entries(failure.query)) url.searchParams.set(k, v);
    answerAuth(req, res, failure.status, { url: url.toString(), error: failure.error });
  };
}

function toAuthFailure(err: unknown): AuthFailure {
  if (err instanceof SignInError)
    return fail(err.status, err.reason, { code: err.reason, message: err.message });
  const known = toHttpError(err);
  if (!known)
    return fail(500, 'CALLBACK_CREDENTIALS_HANDLER_ERROR', {
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No pudimos iniciar tu sesión por un error inesperado. Intenta de nuevo.',
    });
  const error = {
    code: known.code,
    message: known.message,
    ...(known.details ? { details: known.details } : {}),
  };
  if (known.code === 'CSRF_INVALID') return { status: 403, query: { csrf: 'true' }, error };
  if (known.status === 429) return fail(429, 'RateLimited', error);
  if (known.status >= 500) return fail(known.status, 'CALLBACK_CREDENTIALS_HANDLER_ERROR', error);
  return fail(known.status, 'CredentialsSignin', error);
}

function fail(status: number, reason: SignInErrorCode, error: AuthFailure['error']): AuthFailure {
  return { status, query: { error: reason }, error };
}

/**
 * Auth.js clients ask for JSON (`json=true`, or v5's X-Auth-Return-Redirect header); a plain
 * HTML form gets a redirect to the same url instead.
 */
export function answerAuth(req: Request, res: Response, status: number, body: AuthUrlResponse) {
  if (wantsJson(req)) res.status(status).json(body);
  else res.redirect(303, body.url);
}

function wantsJson(req: Request): boolean {
  const flag = (req.body as { json?: unknown } | undefined)?.json;
  return (
    flag === 'true' ||
    flag === true ||
    req.get('x-auth-return-redirect') === '1' ||
    Boolean(req.is('application/json'))
  );
}
