import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiError } from '@cuota/contracts/common/api-error';
import type { Logger } from '../logging/logger';
import { HttpError } from './http-error';
import { malformedUrlError } from './request-guards';
import { uniqueViolationConflict, type UniqueViolationMessages } from './unique-violation';

/** body-parser's own errors carry a `type`; map each to a Spanish 4xx. */
const BODY_ERRORS: Record<string, HttpError> = {
  'entity.parse.failed': new HttpError(
    400,
    'MALFORMED_JSON',
    'El cuerpo de la solicitud no es JSON válido.',
  ),
  'entity.too.large': new HttpError(413, 'PAYLOAD_TOO_LARGE', 'La solicitud es demasiado grande.'),
  'encoding.unsupported': new HttpError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'La codificación de la solicitud no es compatible.',
  ),
  'charset.unsupported': new HttpError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'La codificación de la solicitud no es compatible.',
  ),
  'request.aborted': new HttpError(400, 'BAD_REQUEST', 'La solicitud se interrumpió.'),
  'request.size.invalid': new HttpError(
    400,
    'BAD_REQUEST',
    'El tamaño declarado de la solicitud no coincide con lo enviado.',
  ),
};

const corruptBody = new HttpError(
  400,
  'BAD_REQUEST',
  'El cuerpo comprimido de la solicitud está dañado (Content-Encoding no coincide con lo enviado).',
);

/** Spanish for the 4xx that libraries (router, static files) raise with English messages. */
const CLIENT_ERRORS: Record<number, HttpError> = {
  400: new HttpError(400, 'BAD_REQUEST', 'La solicitud no es válida.'),
  404: new HttpError(404, 'NOT_FOUND', 'La ruta solicitada no existe.'),
  413: BODY_ERRORS['entity.too.large']!,
  415: BODY_ERRORS['encoding.unsupported']!,
};

interface LibraryError {
  type?: unknown;
  code?: unknown;
  status?: unknown;
  expose?: unknown;
}

/**
 * The Spanish answer for an error a client caused; undefined for our own faults (a 500).
 * Order: ours, body-parser's by type, a corrupt compressed body (zlib), a path that does not
 * decode, a unique index that refused a racing duplicate, any other exposed 4xx.
 */
export function toHttpError(
  err: unknown,
  uniqueViolations: UniqueViolationMessages = {},
): HttpError | undefined {
  if (err instanceof HttpError) return err;
  const e = (err ?? {}) as LibraryError;
  if (typeof e.type === 'string' && BODY_ERRORS[e.type]) return BODY_ERRORS[e.type];
  if (typeof e.code === 'string' && e.code.startsWith('Z_')) return corruptBody;
  if (err instanceof URIError) return malformedUrlError();
  const conflict = uniqueViolationConflict(err, uniqueViolations);
  if (conflict) return conflict;
  if (e.expose === true && typeof e.status === 'number' && e.status < 500)
    return (
      CLIENT_ERRORS[e.status] ?? new HttpError(e.status, 'BAD_REQUEST', CLIENT_ERRORS[400]!.message)
    );
  return undefined;
}

export function errorBody(err: HttpError): ApiError {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.details ? { details: err.details } : {}),
    },
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody(new HttpError(404, 'NOT_FOUND', 'La ruta solicitada no existe.')));
};

export function createErrorHandler(
  logger: Logger,
  uniqueViolations: UniqueViolationMessages = {},
): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (res.headersSent) return next(err);
    const known = toHttpError(err, uniqueViolations);
    if (known) {
      res.status(known.status).json(errorBody(known));
      return;
    }
    logger.error({ err }, 'unhandled error');
    res
      .status(500)
      .json(
        errorBody(
          new HttpError(
            500,
            'INTERNAL_SERVER_ERROR',
            'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.',
          ),
        ),
      );
  };
}
