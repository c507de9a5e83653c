import { familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  creditTransferSchema,
  familyCreditSchema,
  moveCreditSchema,
  refundCreditSchema,
} from '../credit';
import { FAMILY_READ_PATHS } from '@cuota/contracts/http/family-read-paths';

const UNKNOWN_STUDENT = 'No encontramos a este alumno en la escuela.';
const ofStudent = {
  domain: 'payments',
  surface: 'dashboard',
  method: 'POST',
  params: uuidParams('id', 'student'),
  response: creditTransferSchema,
  status: 201,
  idempotencyKey: 'required',
  notFound: UNKNOWN_STUDENT,
} as const;

/** A student's credit moved to a sibling, who then spends it on their orders (ADR 0036). */
export const moveCredit = defineEndpoint({
  ...ofStudent,
  name: 'payments.credit.move',
  path: '/api/v1/dashboard/schools/{id}/students/{student}/credit/move/',
  spec: { capability: 'Pasar saldo a favor a un hermano (ADR 0036).' },
  access: staffOnly('payments.collect'),
  summary: 'Pasar saldo a favor de un alumno a su hermano',
  body: moveCreditSchema,
});

/** A student's credit given back to the family: money leaves the school (ADR 0036). */
export const refundCredit = defineEndpoint({
  ...ofStudent,
  name: 'payments.credit.refund',
  path: '/api/v1/dashboard/schools/{id}/students/{student}/credit/refund/',
  spec: { capability: 'Devolver a la familia el saldo a favor de un alumno (ADR 0036).' },
  access: staffOnly('payments.refund'),
  summary: 'Devolver el saldo a favor de un alumno',
  body: refundCreditSchema,
});

/** The family's credit per student: what the portal shows and the desk uses. */
export const familyCredit = defineEndpoint({
  name: 'payments.credit.family',
  domain: 'payments',
  method: 'GET',
  path: FAMILY_READ_PATHS.credit,
  surface: 'portal',
  spec: { capability: 'Saldo a favor de la familia, por alumno (ADR 0036).' },
  access: familyOrStaff('payments.read'),
  summary: 'Saldo a favor de la familia (o de los alumnos de la escuela con saldo)',
  params: uuidParams('id'),
  response: familyCreditSchema,
});

export const CREDIT_ENDPOINTS = [moveCredit, refundCredit, familyCredit] as const;
