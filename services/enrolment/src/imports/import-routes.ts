import type { Express } from 'express';
import {
  importFileQuerySchema,
  importSchoolQuerySchema,
  retryImportSchema,
  STUDENT_IMPORT_COLUMNS,
  type ImportFormat,
} from '@cuota/contracts/enrolment/student-import';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { Response } from 'express';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseId, requirePermission } from '../access';
import type * as schema from '../schema';
import {
  createImportJob,
  importErrorsOf,
  importJobById,
  importJobsOf,
  requeueImportJob,
} from './import-jobs';
import { readSpreadsheetUpload } from './import-upload';
import { wakeImportWorker } from './import-worker-registry';
import { CONTENT_TYPES, writeSheet } from './spreadsheet';

const UNKNOWN_JOB = 'No encontramos esta importación.';

function sendFile(res: Response, name: string, format: ImportFormat, bytes: Buffer) {
  res.status(200).type(CONTENT_TYPES[format]).attachment(`${name}.${format}`).send(bytes);
}

/**
 * Student import (spec "internal: import_students, importer"; paths in docs/architecture.md):
 * upload → a PENDING job (202) the worker processes; progress, error report and template.
 */
export function importRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;
  const jobFor = async (res: Response, id: string) => {
    const job = await importJobById(db, parseId(id));
    if (!job) throw notFound(UNKNOWN_JOB);
    requirePermission(res, job.school_id, 'imports.write', UNKNOWN_JOB);
    return job;
  };

  app.post('/api/v1/internal/import_students/', async (req, res) => {
    const upload = await readSpreadsheetUpload(req, res);
    const { school_id } = parseInput(importSchoolQuerySchema, upload.fields);
    const staff = requirePermission(res, school_id, 'imports.write');
    const job = await createImportJob(db, {
      schoolId: school_id,
      fileName: upload.fileName,
      fileSha256: upload.sha256,
      file: upload.bytes,
      totalRows: upload.sheet.rows.length,
      createdBy: staff.user_id,
    });
    wakeImportWorker(ctx);
    res.status(202).json(job);
  });

  app.get('/api/v1/internal/importer/', async (req, res) => {
    const { school_id } = parseInput(importSchoolQuerySchema, req.query, 'query');
    requirePermission(res, school_id, 'imports.write');
    res.json({ results: await importJobsOf(db, school_id) });
  });

  /** The spec's POST importer: runs a job that ended in ERROR again (nothing is duplicated). */
  app.post('/api/v1/internal/importer/', async (req, res) => {
    const { job_id } = parseInput(retryImportSchema, req.body);
    await jobFor(res, job_id);
    if (!(await requeueImportJob(db, job_id)))
      throw conflict('Solo una importación que falló puede volver a intentarse.');
    wakeImportWorker(ctx);
    res.status(202).json(await importJobById(db, job_id));
  });

  app.get('/api/v1/internal/importer/template/', async (req, res) => {
    const { school_id } = parseInput(importSchoolQuerySchema, req.query, 'query');
    const { format } = parseInput(importFileQuerySchema, req.query, 'query');
    requirePermission(res, school_id, 'imports.write');
    const headers = STUDENT_IMPORT_COLUMNS.map((c) => c.key);
    const example = STUDENT_IMPORT_COLUMNS.map((c) => c.example);
    sendFile(
      res,
      'plantilla-alumnos',
      format,
      await writeSheet('Alumnos', headers, [example], format),
    );
  });

  app.get('/api/v1/internal/importer/:id/', async (req, res) => {
    res.json(await jobFor(res, req.params.id));
  });

  app.get('/api/v1/internal/importer/:id/errors/', async (req, res) => {
    const job = await jobFor(res, req.params.id);
    const { format } = parseInput(importFileQuerySchema, req.query, 'query');
    const errors = await importErrorsOf(db, job.id);
    const rows = errors.map((e) => [
      e.rowNumber,
      e.field,
      e.message,
      ...STUDENT_IMPORT_COLUMNS.map((c) => (e.row as Record<string, string> | null)?.[c.key] ?? ''),
    ]);
    const headers = ['fila', 'columna', 'error', ...STUDENT_IMPORT_COLUMNS.map((c) => c.key)];
    sendFile(
      res,
      `errores-importacion-${job.id.slice(0, 8)}`,
      format,
      await writeSheet('Errores', headers, rows, format),
    );
  });
}
