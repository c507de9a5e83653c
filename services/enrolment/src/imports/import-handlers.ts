import {
  importErrors,
  importStudents,
  importTemplate,
  listImports,
  readImport,
  retryImport,
  UNKNOWN_IMPORT,
} from '@cuota/contracts/enrolment/endpoints/imports';
import { STUDENT_IMPORT_COLUMNS } from '@cuota/contracts/enrolment/student-import';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { Caller } from '../caller';
import type { EnrolmentContext } from '../enrolment-db';
import {
  createImportJob,
  importErrorsOf,
  importJobById,
  importJobsOf,
  requeueImportJob,
} from './import-job-repository';
import { readSpreadsheetUpload, receiveSpreadsheet } from './import-upload';
import { wakeImportWorker } from './import-worker-registry';
import { CONTENT_TYPES, writeSheet } from './spreadsheet';

/**
 * Student import (spec "internal: import_students, importer"; paths in docs/architecture.md):
 * upload → a PENDING job (202) the worker processes; progress, error report and template.
 */
export function importHandlers(ctx: EnrolmentContext) {
  const { db } = ctx;

  /** A job of a school where the caller may import; another school's is a 404. */
  async function jobFor(call: Caller, id: string) {
    const job = await importJobById(db, id);
    if (!job) throw notFound(UNKNOWN_IMPORT);
    call.requireStaffOf(job.school_id, UNKNOWN_IMPORT);
    return job;
  }

  return [
    implement(
      importStudents,
      async ({ body, requireStaffOf, req }) => {
        const upload = await readSpreadsheetUpload(req);
        const job = await createImportJob(db, {
          schoolId: body.school_id,
          fileName: upload.fileName,
          fileSha256: upload.sha256,
          file: upload.bytes,
          totalRows: upload.sheet.rows.length,
          createdBy: requireStaffOf(body.school_id).user_id,
        });
        wakeImportWorker(ctx);
        return job;
      },
      { before: [receiveSpreadsheet] },
    ),

    implement(listImports, async ({ query }) => ({
      results: await importJobsOf(db, query.school_id),
    })),

    /** The spec's POST importer: runs a job that ended in ERROR again (nothing is duplicated). */
    implement(retryImport, async (call) => {
      await jobFor(call, call.body.job_id);
      if (!(await db.transaction((tx) => requeueImportJob(tx, call.body.job_id))))
        throw conflict('Solo una importación que falló puede volver a intentarse.');
      wakeImportWorker(ctx);
      return (await importJobById(db, call.body.job_id))!;
    }),

    implement(importTemplate, async ({ query: { format } }) =>
      Reply.file({
        data: await writeSheet(
          'Alumnos',
          STUDENT_IMPORT_COLUMNS.map((c) => c.key),
          [STUDENT_IMPORT_COLUMNS.map((c) => c.example)],
          format,
        ),
        contentType: CONTENT_TYPES[format],
        filename: `plantilla-alumnos.${format}`,
      }),
    ),

    implement(readImport, (call) => jobFor(call, call.params.id)),

    implement(importErrors, async (call) => {
      const job = await jobFor(call, call.params.id);
      const { format } = call.query;
      const errors = await importErrorsOf(db, job.id);
      const rows = errors.map((e) => [
        e.rowNumber,
        e.field,
        e.message,
        ...STUDENT_IMPORT_COLUMNS.map(
          (c) => (e.row as Record<string, string> | null)?.[c.key] ?? '',
        ),
      ]);
      const headers = ['fila', 'columna', 'error', ...STUDENT_IMPORT_COLUMNS.map((c) => c.key)];
      return Reply.file({
        data: await writeSheet('Errores', headers, rows, format),
        contentType: CONTENT_TYPES[format],
        filename: `errores-importacion-${job.id.slice(0, 8)}.${format}`,
      });
    }),
  ];
}
