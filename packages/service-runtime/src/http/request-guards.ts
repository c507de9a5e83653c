import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import type { AnyEndpoint, BodyType } from '@cuota/contracts/http/endpoint';
import { HttpError } from './http-error';

export const malformedUrlError = () =>
  new HttpError(
    400,
    'BAD_REQUEST',
    'La dirección de la solicitud tiene caracteres mal codificados (revisa los signos %).',
  );

/**
 * A path whose percent-encoding does not decode (`/dashboard/%E0%A4%A`) is refused at the
 * door, before sessions, routers or static files try to decode it themselves.
 */
export const rejectMalformedUrl: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(malformedUrlError());
  }
  next();
};

/** Content types each kind of body arrives in; every body-carrying endpoint also takes JSON. */
const MEDIA_TYPES: Record<BodyType, { types: string[]; names: string }> = {
  json: { types: ['application/json'], names: 'JSON (Content-Type: application/json)' },
  multipart: {
    types: ['multipart/form-data', 'application/json'],
    names: 'formulario con archivos (multipart/form-data) o JSON',
  },
  form: {
    types: ['application/x-www-form-urlencoded', 'application/json'],
    names: 'formulario (application/x-www-form-urlencoded) o JSON',
  },
  raw: { types: [], names: '' },
};

/** Whether a request carries a body at all (an empty one does not count). */
export function carriesBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/** `application/json` of `Application/JSON; charset=utf-8`; '' when none was sent. */
export function mediaTypeOf(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * 415 for a body the endpoint cannot read (text/plain on a JSON endpoint, multipart on a JSON
 * one…); undefined when it is acceptable. Checked by the BFF before forwarding and by the
 * service's mount before parsing, so a body is never silently ignored.
 */
export function bodyTypeError(
  endpoint: Pick<AnyEndpoint, 'body' | 'bodyType'>,
  req: { headers: IncomingHttpHeaders },
): HttpError | undefined {
  if (!endpoint.body) return undefined;
  const kind = endpoint.bodyType ?? 'json';
  if (kind === 'raw' || !carriesBody(req.headers)) return undefined;
  const { types, names } = MEDIA_TYPES[kind];
  if (types.includes(mediaTypeOf(req.headers))) return undefined;
  return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `Envía los datos como ${names}.`);
}

/** The mount's form of the check: next(415) or next(). */
export function requireBodyTypeOf(
  endpoint: Pick<AnyEndpoint, 'body' | 'bodyType'>,
): RequestHandler {
  return (req, _res, next) => next(bodyTypeError(endpoint, req));
}
