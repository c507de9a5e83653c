import express, { type RequestHandler } from 'express';
import { HttpError } from '@cuota/service-runtime/http/http-error';

/** JSON bodies up to 100 kb (a larger one is a 413, malformed JSON a 400, both in Spanish). */
export const JSON_LIMIT = '100kb';

export const parseJson: RequestHandler = express.json({ limit: JSON_LIMIT });
/** Auth.js posts forms; flat key=value pairs only. */
export const parseForm: RequestHandler = express.urlencoded({ extended: false, limit: JSON_LIMIT });

type Kind = 'json' | 'form';
const TYPES: Record<Kind, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** 415 unless the body is one of the accepted kinds. */
export function requireBodyType(...kinds: Kind[]): RequestHandler {
  const accepted = kinds.map((k) => TYPES[k]);
  const names = kinds.map((k) => (k === 'json' ? 'JSON' : 'formulario')).join(' o ');
  return (req, _res, next) => {
    if (req.is(accepted)) return next();
    next(
      new HttpError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Envía los datos como ${names} (Content-Type: ${accepted.join(' o ')}).`,
      ),
    );
  };
}
