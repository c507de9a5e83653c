import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  bulkJobListQuerySchema,
  bulkJobListSchema,
  bulkJobSchema,
  massiveAssignmentSchema,
  massiveDisassignmentSchema,
  massiveScholarshipSchema,
  massiveSpecialDiscountSchema,
} from '../bulk-jobs';

/** Massive assignments as background jobs (ADR 0040): each POST answers 202 and the job. */
const jobs = { domain: 'billing', surface: 'dashboard', response: bulkJobSchema } as const;
const UNKNOWN_JOB = 'No encontramos este proceso masivo.';
const JOBS = '/api/v1/dashboard/schools/{id}/massive_jobs/';
const readCapability = {
  capability:
    'Ver el avance, los errores y el historial de las asignaciones masivas (la especificación no dice cómo se leen): ADR 0040.',
};

const create = { ...jobs, spec: 'spec', params: uuidParams('id'), status: 202 } as const;

export const createMassiveAssignment = defineEndpoint({
  ...create,
  name: 'billing.massive-assignments.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/massive_assignments/',
  access: staffOnly('billing.write'),
  summary: 'Asignar un concepto a muchos alumnos (proceso en segundo plano)',
  body: massiveAssignmentSchema,
  idempotencyKey: 'optional',
  notFound: 'No encontramos este concepto.',
});

export const createMassiveDisassignment = defineEndpoint({
  ...create,
  name: 'billing.massive-dissassignments.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/massive_dissassignments/',
  access: staffOnly('billing.write'),
  summary: 'Quitar un concepto a muchos alumnos: cancela sus órdenes sin pagos',
  body: massiveDisassignmentSchema,
  idempotencyKey: 'optional',
  notFound: 'No encontramos este concepto.',
});

export const createMassiveScholarship = defineEndpoint({
  ...create,
  name: 'billing.massive-scholarship-assignments.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/massive_scholarship_assignments/',
  access: staffOnly('scholarships.write'),
  summary: 'Otorgar una beca a muchos alumnos (proceso en segundo plano)',
  body: massiveScholarshipSchema,
  idempotencyKey: 'optional',
  notFound: 'No encontramos este concepto.',
});

export const createMassiveSpecialDiscount = defineEndpoint({
  ...create,
  spec: {
    capability:
      'Dar un descuento especial a muchos alumnos a la vez, como la beca masiva (la especificación lista los descuentos especiales sin decir cómo se crean en masa): ADR 0088.',
  },
  name: 'billing.massive-special-discounts.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/massive_special_discounts/',
  access: staffOnly('scholarships.write'),
  summary:
    'Descuento especial en la orden de un concepto y mes de muchos alumnos (en segundo plano)',
  body: massiveSpecialDiscountSchema,
  idempotencyKey: 'optional',
  notFound: 'No encontramos este concepto.',
});

export const listMassiveJobs = defineEndpoint({
  ...jobs,
  spec: readCapability,
  name: 'billing.massive-jobs.list',
  method: 'GET',
  path: JOBS,
  access: staffOnly('billing.read'),
  summary: 'Historial de procesos masivos de la escuela, el más reciente primero, paginado',
  params: uuidParams('id'),
  query: bulkJobListQuerySchema,
  response: bulkJobListSchema,
});

export const getMassiveJob = defineEndpoint({
  ...jobs,
  spec: readCapability,
  name: 'billing.massive-jobs.get',
  method: 'GET',
  path: `${JOBS}{job}/`,
  access: staffOnly('billing.read'),
  summary: 'Avance y errores de un proceso masivo',
  params: uuidParams('id', 'job'),
  notFound: UNKNOWN_JOB,
});

export const cancelMassiveJob = defineEndpoint({
  ...jobs,
  spec: readCapability,
  name: 'billing.massive-jobs.cancel',
  method: 'POST',
  path: `${JOBS}{job}/cancel/`,
  // Any member reaches billing, which asks for the grant that starts the job's kind.
  access: staffOnly('member'),
  summary: 'Cancelar un proceso masivo: lo ya hecho se queda',
  params: uuidParams('id', 'job'),
  notFound: UNKNOWN_JOB,
});

export const retryMassiveJob = defineEndpoint({
  ...jobs,
  spec: readCapability,
  name: 'billing.massive-jobs.retry',
  method: 'POST',
  path: `${JOBS}{job}/retry/`,
  access: staffOnly('member'),
  summary: 'Reintentar los alumnos con error de un proceso masivo',
  params: uuidParams('id', 'job'),
  notFound: UNKNOWN_JOB,
});

export const BULK_JOB_ENDPOINTS = [
  createMassiveAssignment,
  createMassiveDisassignment,
  createMassiveScholarship,
  createMassiveSpecialDiscount,
  listMassiveJobs,
  getMassiveJob,
  cancelMassiveJob,
  retryMassiveJob,
] as const;
