import type { ApiErrorCode } from '@cuota/contracts/common/api-error';

/** An operational error with the status and Spanish message the caller should see. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details?: { path: string; message: string }[];
  constructor(
    status: number,
    code: ApiErrorCode,
    message: string,
    details?: { path: string; message: string }[],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const notFound = (message = 'No encontramos lo que buscas.') =>
  new HttpError(404, 'NOT_FOUND', message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') =>
  new HttpError(403, 'FORBIDDEN', message);
export const unauthenticated = (message = 'Inicia sesión para continuar.') =>
  new HttpError(401, 'UNAUTHENTICATED', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
export const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message);
/** A 400 about one field of the body: the form marks that field (`details`) with `message`. */
export const invalidField = (path: string, message: string) =>
  new HttpError(400, 'VALIDATION_FAILED', message, [{ path, message }]);
