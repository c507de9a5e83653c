import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { NOT_AVAILABLE_MESSAGE } from '../proxy/not-available';

const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** A BFF/service HttpError as a tRPC error (5xx → INTERNAL_SERVER_ERROR, spec §8). */
export function toTrpcError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  if (err instanceof HttpError)
    return new TRPCError({
      code: CODE_BY_STATUS[err.status] ?? 'INTERNAL_SERVER_ERROR',
      message: err.message,
      cause: err,
    });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err });
}

/** Spanish text for errors tRPC raises itself (bad batch, unknown procedure, bad input…). */
export const SPANISH_BY_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, string>> = {
  PARSE_ERROR: 'La solicitud no es JSON válido.',
  BAD_REQUEST: 'Revisa los datos enviados en la solicitud.',
  UNAUTHORIZED: 'Inicia sesión para continuar.',
  FORBIDDEN: 'No tienes permiso para realizar esta acción.',
  NOT_FOUND: 'La operación solicitada no existe.',
  METHOD_NOT_SUPPORTED: 'Esta operación no admite ese método HTTP.',
  PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
  UNSUPPORTED_MEDIA_TYPE: 'Envía los datos como JSON.',
  TOO_MANY_REQUESTS: 'Demasiadas solicitudes. Espera un momento e intenta de nuevo.',
  NOT_IMPLEMENTED: NOT_AVAILABLE_MESSAGE,
  INTERNAL_SERVER_ERROR: 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.',
};

/** The ApiErrorCode an error carries in `data.apiCode`, so clients share one vocabulary. */
export function apiCodeOf(error: TRPCError): string {
  if (error.cause instanceof HttpError) return error.cause.code;
  if (isMalformedJson(error)) return 'MALFORMED_JSON';
  if (issuesOf(error.cause)) return 'VALIDATION_FAILED';
  return error.code;
}

/** The Spanish message: ours when we threw it, the code's default otherwise. */
export function spanishMessage(error: TRPCError): string {
  if (error.cause instanceof HttpError || error.cause instanceof SpanishError) return error.message;
  if (isMalformedJson(error)) return SPANISH_BY_CODE.PARSE_ERROR!;
  return SPANISH_BY_CODE[error.code] ?? SPANISH_BY_CODE.INTERNAL_SERVER_ERROR!;
}

function isMalformedJson(error: TRPCError): boolean {
  return error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError;
}

/** Field-by-field problems of an input that failed its schema. */
export function detailsOf(error: TRPCError): { path: string; message: string }[] | undefined {
  if (error.cause instanceof HttpError) return error.cause.details;
  return issuesOf(error.cause)?.map((i) => ({
    path: (i.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.'),
    message: i.message,
  }));
}

interface Issue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

function issuesOf(cause: unknown): Issue[] | undefined {
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? (issues as Issue[]) : undefined;
}

/** A cause whose message is already Spanish and meant for the user. */
export class SpanishError extends Error {}
