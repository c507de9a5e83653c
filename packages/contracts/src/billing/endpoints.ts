import { defineEndpoint, type AnyEndpoint } from '../http/endpoint';
import { studentDirectorySchema } from './responses';

/**
 * Billing's read model of enrolment's students: for the BFF itself and the school's staff
 * (operators and tests check that billing follows enrolment).
 */
export const studentDirectory = defineEndpoint({
  name: 'billing.student-directory.list',
  method: 'GET',
  path: '/internal/student-directory/{schoolId}',
  domain: 'billing',
  surface: 'internal',
  access: { service: true, staff: 'member' },
  summary: 'Alumnos de una escuela según cobranza (modelo de lectura de inscripciones)',
  spec: { capability: 'Comprobar que cobranza sigue a inscripciones (ADR 0003).' },
  response: studentDirectorySchema,
});

export const BILLING_ENDPOINTS: readonly AnyEndpoint[] = [studentDirectory];
