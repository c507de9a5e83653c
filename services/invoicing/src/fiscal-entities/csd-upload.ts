import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { CSD_FILE_MAX_BYTES } from '@cuota/contracts/invoicing/fiscal-entities';
import { HttpError, badRequest } from '@cuota/service-runtime/http/http-error';

const FILES = { cer: '.cer', key: '.key' } as const;
type CsdFileField = keyof typeof FILES;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: CSD_FILE_MAX_BYTES, files: 2, fields: 20, fieldSize: 1_000 },
}).fields([
  { name: 'cer', maxCount: 1 },
  { name: 'key', maxCount: 1 },
]);

/**
 * Reads the fiscal-entity form before the endpoint validates it: its text fields (into
 * req.body) and the CSD's `cer` and `key`, in memory (each at most 32 KB).
 */
export const receiveCsdForm: RequestHandler = (req, res, next) =>
  upload(req, res, (err: unknown) => next(err ? toHttpError(err) : undefined));

/**
 * The received .cer and .key: both present, named as SAT names them and DER-encoded (an
 * ASN.1 SEQUENCE), else a 400 saying which. Whether they open and match is checked after.
 */
export function csdFilesOf(req: Request): { cer: Buffer; key: Buffer } {
  const files = (req.files ?? {}) as Partial<Record<CsdFileField, Express.Multer.File[]>>;
  const read = (field: CsdFileField) => {
    const file = files[field]?.[0];
    const what = field === 'cer' ? 'el certificado (.cer)' : 'la llave privada (.key)';
    if (!file || file.size === 0) throw badRequest(`Falta ${what} del CSD.`);
    const name = Buffer.from(file.originalname, 'latin1').toString('utf8').toLowerCase();
    if (!name.endsWith(FILES[field]) || file.buffer[0] !== 0x30)
      throw badRequest(`El archivo «${file.originalname}» no es ${what} de un CSD del SAT.`);
    return file.buffer;
  };
  return { cer: read('cer'), key: read('key') };
}

/** Anything multer or busboy throws is about the request's body, so it is a 4xx. */
function toHttpError(err: unknown): HttpError {
  if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE')
    return new HttpError(
      413,
      'PAYLOAD_TOO_LARGE',
      `Los archivos del CSD pesan unos 2 KB; este pesa más de ${CSD_FILE_MAX_BYTES / 1024} KB.`,
    );
  if (err instanceof MulterError)
    return badRequest('Envía un solo .cer (campo «cer») y un solo .key (campo «key»).');
  return badRequest('No pudimos leer el formulario enviado.');
}
