import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  createScholarshipSchema,
  grantedScholarshipSchema,
  scholarshipListSchema,
} from '@cuota/contracts/billing/scholarships';

const scholarships = { domain: 'billing', surface: 'dashboard' } as const;

export const listSchoolScholarships = defineEndpoint({
  ...scholarships,
  spec: 'spec',
  name: 'billing.scholarships.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/scholarships/',
  access: staffOnly('billing.read'),
  summary: 'Becas de la escuela',
  params: uuidParams('id'),
  response: scholarshipListSchema,
});

export const grantScholarship = defineEndpoint({
  ...scholarships,
  spec: {
    capability:
      'Otorgar una beca a un alumno (la especificación lista las becas sin decir cómo se crean): ADR 0035.',
  },
  name: 'billing.scholarships.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/scholarships/',
  access: staffOnly('scholarships.write'),
  summary: 'Otorgar una beca: porcentaje o monto, por alumno y concepto, desde una fecha',
  params: uuidParams('id'),
  body: createScholarshipSchema,
  response: grantedScholarshipSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const listStudentScholarships = defineEndpoint({
  ...scholarships,
  spec: 'spec',
  name: 'billing.scholarships.list-by-student',
  method: 'GET',
  path: '/api/v1/dashboard/students/{id}/scholarships/',
  access: staffOnly('billing.read'),
  summary: 'Becas de un alumno',
  params: uuidParams('id'),
  response: scholarshipListSchema,
  notFound: 'No encontramos a este alumno.',
});

export const SCHOLARSHIP_ENDPOINTS = [
  listSchoolScholarships,
  grantScholarship,
  listStudentScholarships,
] as const;
