import type { RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import {
  PROOF_CONTENT_TYPES,
  PROOF_FIELD,
  PROOF_MAX_BYTES,
  type ProofContentType,
} from '@cuota/contracts/payments/transfer-reports';
import { HttpError, badRequest } from '@cuota/service-runtime/http/http-error';
import type { UploadedProof } from './transfer-report-repository';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 5 },
}).single(PROOF_FIELD);

/**
 * The file's first bytes decide its type, never its name or the type the browser sent: a
 * renamed script is refused even when it claims to be a PDF.
 */
export function sniffProofType(bytes: Buffer): ProofContentType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  return null;
}

/** Reads the multipart body's proof (in memory, at most 5 MB) before the endpoint runs. */
export const readProof: RequestHandler = async (req, res, next) => {
  await new Promise<void>((resolve, reject) =>
    upload(req, res, (err: unknown) => (err ? reject(toHttpError(err)) : resolve())),
  );
  if (!req.file) throw badRequest(`Adjunta el comprobante en el campo «${PROOF_FIELD}».`);
  res.locals.proof = checkProof(req.file);
  next();
};

/** The proof readProof accepted. */
export const uploadedProof = (res: Response): UploadedProof => res.locals.proof as UploadedProof;

function checkProof(file: Express.Multer.File): UploadedProof {
  if (file.size === 0) throw badRequest('El archivo del comprobante está vacío.');
  const sniffed = sniffProofType(file.buffer);
  const declared = file.mimetype === 'image/jpg' ? 'image/jpeg' : file.mimetype;
  const allowed: readonly string[] = PROOF_CONTENT_TYPES;
  if (!sniffed || !allowed.includes(declared) || declared !== sniffed)
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'El comprobante debe ser un PDF o una imagen JPG o PNG.',
    );
  const fileName = (file.originalname || 'comprobante').slice(0, 120);
  return { contentType: sniffed, fileName, bytes: file.buffer };
}

/** Anything multer or busboy throws is about the request's body, so it is a 4xx. */
function toHttpError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE')
    return new HttpError(
      413,
      'PAYLOAD_TOO_LARGE',
      'El comprobante pesa más de 5 MB. Sube un archivo más ligero.',
    );
  if (err instanceof MulterError)
    return badRequest(`Envía un solo archivo en el campo «${PROOF_FIELD}».`);
  return badRequest('No pudimos leer el formulario enviado.');
}
