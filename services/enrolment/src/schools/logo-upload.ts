import type { RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@cuota/contracts/enrolment/schools';
import { HttpError, badRequest } from '@cuota/service-runtime/http/http-error';
import { sniffImageType, type UploadedImage } from '@cuota/service-runtime/http/image-upload';

const FIELD = 'logo';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 30, fieldSize: 10_000 },
}).single(FIELD);

/**
 * Reads the school form's body before the endpoint validates it: its text fields (into
 * req.body) and, optionally, the logo in `logo`, in memory. JSON bodies pass untouched
 * (multer skips them). The logo must be PNG, JPEG or WebP by its bytes and by its declared
 * type; at most 2 MB.
 */
export const readSchoolForm: RequestHandler = async (req, res, next) => {
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (err: unknown) => (err ? reject(toHttpError(err)) : resolve())),
  );
  res.locals.schoolLogo = req.file ? checkLogo(req.file) : null;
  next();
};

/** The logo readSchoolForm accepted, or null when the form carried none. */
export const uploadedLogo = (res: Response): UploadedImage | null =>
  (res.locals.schoolLogo as UploadedImage | null | undefined) ?? null;

function checkLogo(file: Express.Multer.File): UploadedImage {
  if (file.size === 0) throw badRequest('El archivo del logo está vacío.');
  const sniffed = sniffImageType(file.buffer);
  const declared = file.mimetype === 'image/jpg' ? 'image/jpeg' : file.mimetype;
  const allowed: readonly string[] = LOGO_CONTENT_TYPES;
  if (!sniffed || !allowed.includes(sniffed) || !allowed.includes(declared))
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'El logo debe ser una imagen PNG, JPEG o WebP.',
    );
  return { contentType: sniffed, bytes: file.buffer };
}

/** Anything multer or busboy throws is about the request's body, so it is a 4xx. */
function toHttpError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE')
    return new HttpError(
      413,
      'PAYLOAD_TOO_LARGE',
      'El logo pesa más de 2 MB. Sube una imagen más ligera.',
    );
  if (err instanceof MulterError)
    return badRequest(`Envía una sola imagen en el campo «${FIELD}».`);
  return badRequest('No pudimos leer el formulario enviado.');
}
