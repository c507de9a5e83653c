import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiError } from '@cuota/contracts/common/api-error';
import type { Logger } from '../logging/logger';
import { HttpError } from './http-error';

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
};

export function toHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  const type = (err as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? BODY_ERRORS[type] : undefined;
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

export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (res.headersSent) return next(err);
    const known = toHttpError(err);
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
