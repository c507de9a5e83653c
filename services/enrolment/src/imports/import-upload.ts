import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import {
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MAX_BYTES,
} from '@cuota/contracts/enrolment/student-import';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { columnKeyOf } from './import-rules';
import { readSheet, sniffSpreadsheet, type Sheet } from './spreadsheet';

export interface SpreadsheetUpload {
  fileName: string;
  bytes: Buffer;
  sha256: string;
  sheet: Sheet;
}

const MB = Math.round(STUDENT_IMPORT_MAX_BYTES / (1024 * 1024));
const badFile = (message: string) => new HttpError(400, 'BAD_REQUEST', message);

const multipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: STUDENT_IMPORT_MAX_BYTES, files: 1, fields: 5 },
}).single('file');

/**
 * Receives the multipart upload (field "file", the school in its fields) before the
 * endpoint's checks read `school_id` from it: 413 above the limit, 400 when malformed.
 */
export const receiveSpreadsheet: RequestHandler = (req, res, next) =>
  multipart(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, 'PAYLOAD_TOO_LARGE', `El archivo pesa más de ${MB} MB.`));
    next(badFile('Envía un solo archivo en el campo "file" (multipart/form-data).'));
  });

/**
 * The received file: 415 unless the bytes are an xlsx or a csv, 400 when missing, when it
 * cannot be read, has no rows or lacks a required column.
 */
export async function readSpreadsheetUpload(req: Request): Promise<SpreadsheetUpload> {
  if (!req.file) throw badFile('Envía el archivo en el campo "file" (multipart/form-data).');
  const fileName = Buffer.from(req.file.originalname, 'latin1').toString('utf8');
  const format = sniffSpreadsheet(req.file.buffer, fileName);
  if (!format)
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Sube una hoja de cálculo .xlsx o un archivo .csv.',
    );
  const sheet = await readSheet(req.file.buffer, format).catch(() => {
    throw badFile('No pudimos leer el archivo: revisa que no esté dañado ni protegido.');
  });
  checkSheet(sheet);
  return {
    fileName,
    bytes: req.file.buffer,
    sha256: createHash('sha256').update(req.file.buffer).digest('hex'),
    sheet,
  };
}

function checkSheet(sheet: Sheet): void {
  const present = new Set(sheet.headers.map(columnKeyOf));
  const missing = STUDENT_IMPORT_COLUMNS.filter((c) => c.required && !present.has(c.key));
  if (missing.length)
    throw badFile(
      `Faltan columnas en la primera fila: ${missing.map((c) => c.key).join(', ')}. Descarga la plantilla.`,
    );
  if (!sheet.rows.length) throw badFile('El archivo no tiene alumnos debajo de los encabezados.');
}
