import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { HttpError } from '@cuota/service-runtime/http/http-error';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * The file's first bytes decide its type, never the name or the Content-Type the browser
 * sent: a renamed PDF or script is refused even when it claims to be image/jpeg.
 */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export interface UploadedImage {
  contentType: ImageType;
  bytes: Buffer;
}

const TYPE_LABELS: Record<ImageType, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

function runMulter(req: Request, res: Response, field: string, maxBytes: number) {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 5 },
  }).single(field);
  return new Promise<void>((resolve, reject) =>
    upload(req, res, (err) => (err ? reject(err) : resolve())),
  );
}

/**
 * Reads one image from a multipart field, in memory (the limit keeps it small): 413 when
 * larger than `maxBytes`, 415 when not one of `types`, 400 when the field is missing.
 */
export async function readImageUpload(
  req: Request,
  res: Response,
  { field, maxBytes, types }: { field: string; maxBytes: number; types: readonly ImageType[] },
): Promise<UploadedImage> {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  try {
    await runMulter(req, res, field, maxBytes);
  } catch (err) {
    if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE')
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `La imagen pesa más de ${megabytes} MB.`);
    if (err instanceof MulterError)
      throw new HttpError(400, 'BAD_REQUEST', `Envía una sola imagen en el campo "${field}".`);
    throw new HttpError(400, 'BAD_REQUEST', 'No pudimos leer el archivo enviado.');
  }
  if (!req.file)
    throw new HttpError(
      400,
      'BAD_REQUEST',
      `Envía la imagen como multipart/form-data en el campo "${field}".`,
    );
  const contentType = sniffImageType(req.file.buffer);
  if (!contentType || !types.includes(contentType))
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `La imagen debe ser ${new Intl.ListFormat('es', { type: 'disjunction' }).format(types.map((t) => TYPE_LABELS[t]))}.`,
    );
  return { contentType, bytes: req.file.buffer };
}
