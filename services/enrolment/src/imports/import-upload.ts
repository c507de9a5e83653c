import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import {
  fold,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MAX_BYTES,
} from '@cuota/contracts/enrolment/student-import';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { readSheet, sniffSpreadsheet, type Sheet } from './spreadsheet';

export interface SpreadsheetUpload {
  fileName: string;
  bytes: Buffer;
  sha256: string;
  sheet: Sheet;
  fields: Record<string, string>;
}

const MB = Math.round(STUDENT_IMPORT_MAX_BYTES / (1024 * 1024));
const badFile = (message: string) => new HttpError(400, 'BAD_REQUEST', message);

function receive(req: Request, res: Response): Promise<void> {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: STUDENT_IMPORT_MAX_BYTES, files: 1, fields: 5 },
  }).single('file');
  return new Promise((resolve, reject) =>
    upload(req, res, (err) => (err ? reject(err) : resolve())),
  );
}

/**
 * The multipart upload (field "file"): 413 above the limit, 415 unless the bytes are an xlsx
 * or a csv, 400 when it cannot be read, has no rows or lacks a required column.
 */
export async function readSpreadsheetUpload(
  req: Request,
  res: Response,
): Promise<SpreadsheetUpload> {
  try {
    await receive(req, res);
  } catch (err) {
    if (err instanceof MulterError && err.code === 'LIMIT_FILE_SIZE')
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `El archivo pesa más de ${MB} MB.`);
    throw badFile('Envía un solo archivo en el campo "file" (multipart/form-data).');
  }
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
    fields: req.body as Record<string, string>,
  };
}

function checkSheet(sheet: Sheet): void {
  const present = new Set(sheet.headers.map((h) => fold(h).replace(/\s+/g, '_')));
  const missing = STUDENT_IMPORT_COLUMNS.filter((c) => c.required && !present.has(c.key));
  if (missing.length)
    throw badFile(
      `Faltan columnas en la primera fila: ${missing.map((c) => c.key).join(', ')}. Descarga la plantilla.`,
    );
  if (!sheet.rows.length) throw badFile('El archivo no tiene alumnos debajo de los encabezados.');
}
