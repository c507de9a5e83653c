import { defineEndpoint, type AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { studentDirectorySchema } from '../responses';
import { BILL_RUN_ENDPOINTS } from './bill-runs';
import { BULK_JOB_ENDPOINTS } from './bulk-jobs';
import { CONCEPT_ENDPOINTS } from './concepts';
import { CORRECTION_ENDPOINTS } from './corrections';
import { DELINQUENCY_ENDPOINTS } from './delinquency';
import { DUE_ORDER_ENDPOINTS } from './due-orders';
import { INTERNAL_READ_ENDPOINTS } from './internal-reads';
import { MONTH_CLOSE_ENDPOINTS } from './month-close-report';
import { MONTH_FIGURE_ENDPOINTS } from './month-figures';
import { ORDER_ENDPOINTS } from './orders';
import { REPORT_ENDPOINTS } from './reports';
import { SCHOLARSHIP_ENDPOINTS } from './scholarships';
import { SCHOOL_ORDER_ENDPOINTS } from './school-orders';
import { SPECIAL_CHARGE_ENDPOINTS } from './special-charges';
import { STORE_ENDPOINTS } from './store';
import { SUBSCRIPTION_ENDPOINTS } from './subscriptions';

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

export const BILLING_ENDPOINTS: readonly AnyEndpoint[] = [
  studentDirectory,
  ...CONCEPT_ENDPOINTS,
  ...BILL_RUN_ENDPOINTS,
  ...ORDER_ENDPOINTS,
  ...DUE_ORDER_ENDPOINTS,
  ...SCHOLARSHIP_ENDPOINTS,
  ...CORRECTION_ENDPOINTS,
  ...SPECIAL_CHARGE_ENDPOINTS,
  ...DELINQUENCY_ENDPOINTS,
  ...MONTH_FIGURE_ENDPOINTS,
  ...MONTH_CLOSE_ENDPOINTS,
  ...SCHOOL_ORDER_ENDPOINTS,
  ...SUBSCRIPTION_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...INTERNAL_READ_ENDPOINTS,
  ...BULK_JOB_ENDPOINTS,
  ...STORE_ENDPOINTS,
];
