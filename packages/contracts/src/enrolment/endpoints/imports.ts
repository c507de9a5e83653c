import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  importFileQuerySchema,
  importJobListSchema,
  importJobSchema,
  importSchoolQuerySchema,
  importTemplateQuerySchema,
  retryImportSchema,
} from '../student-import';

export const UNKNOWN_IMPORT = 'No encontramos esta importación.';

/** Student import (spec "internal: import_students, importer"): whoever may import. */
const importer = {
  domain: 'enrolment',
  surface: 'internal',
  spec: 'spec',
  access: staffOnly('imports.write'),
} as const;
const oneJob = { params: uuidParams('id'), notFound: UNKNOWN_IMPORT } as const;

export const importStudents = defineEndpoint({
  ...importer,
  name: 'enrolment.imports.upload',
  method: 'POST',
  path: '/api/v1/internal/import_students/',
  summary: 'Subir una hoja de alumnos (campo «file», xlsx o csv): se importa en segundo plano',
  bodyType: 'multipart',
  body: importSchoolQuerySchema,
  response: importJobSchema,
  status: 202,
});

export const listImports = defineEndpoint({
  ...importer,
  name: 'enrolment.imports.list',
  method: 'GET',
  path: '/api/v1/internal/importer/',
  summary: 'Las últimas importaciones de la escuela',
  spec: { capability: 'Lista de importaciones de la escuela (docs/architecture.md).' },
  query: importSchoolQuerySchema,
  response: importJobListSchema,
});

/** The spec's POST importer: runs a job that ended in ERROR again (nothing is duplicated). */
export const retryImport = defineEndpoint({
  ...importer,
  name: 'enrolment.imports.retry',
  method: 'POST',
  path: '/api/v1/internal/importer/',
  summary: 'Volver a intentar una importación que falló',
  body: retryImportSchema,
  response: importJobSchema,
  status: 202,
  notFound: UNKNOWN_IMPORT,
});

export const importTemplate = defineEndpoint({
  ...importer,
  name: 'enrolment.imports.template',
  method: 'GET',
  path: '/api/v1/internal/importer/template/',
  summary: 'La plantilla de la hoja de alumnos (xlsx o csv)',
  spec: { capability: 'Plantilla de importación de alumnos (docs/architecture.md).' },
  query: importTemplateQuerySchema,
  produces: 'xlsx',
});

export const readImport = defineEndpoint({
  ...importer,
  ...oneJob,
  name: 'enrolment.imports.read',
  method: 'GET',
  path: '/api/v1/internal/importer/{id}/',
  summary: 'El avance de una importación',
  spec: { capability: 'Avance de una importación (docs/architecture.md).' },
  response: importJobSchema,
});

export const importErrors = defineEndpoint({
  ...importer,
  ...oneJob,
  name: 'enrolment.imports.errors',
  method: 'GET',
  path: '/api/v1/internal/importer/{id}/errors/',
  summary: 'Las filas que no se importaron, con el motivo (xlsx o csv)',
  spec: { capability: 'Reporte de errores de una importación (docs/architecture.md).' },
  query: importFileQuerySchema,
  produces: 'xlsx',
});

export const IMPORT_ENDPOINTS = [
  importStudents,
  listImports,
  retryImport,
  importTemplate,
  readImport,
  importErrors,
] as const;
