import type { ErrorRequestHandler, RequestHandler } from 'express';
import { createErrorHandler, errorBody } from '@cuota/service-runtime/http/error-handler';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { SignInError } from '../identity/sign-in-error';

/**
 * Every error as `{ error: { code, message, details? } }` in Spanish: a failed sign-in
 * carries its Auth.js code (CredentialsSignin, CodeLocked…), the rest as the services do.
 */
export function bffErrorHandler(logger: Logger): ErrorRequestHandler {
  const fallback = createErrorHandler(logger);
  return (err, req, res, next) => {
    if (err instanceof SignInError && !res.headersSent) {
      res.status(err.status).json({ error: { code: err.reason, message: err.message } });
      return;
    }
    fallback(err, req, res, next);
  };
}

/** A path under /api (or a proxied prefix) that nothing serves. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody(new HttpError(404, 'NOT_FOUND', 'La ruta solicitada no existe.')));
};
