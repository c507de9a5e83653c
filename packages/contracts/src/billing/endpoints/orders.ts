import { familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  asOfQuerySchema,
  orderDetailSchema,
  orderListSchema,
  studentAssignmentListSchema,
  studentConceptListSchema,
  studentConceptSchema,
} from '@cuota/contracts/billing/orders';
import { staffOrderDetailSchema } from '../corrections';
import { paidByConceptTypesSchema } from '@cuota/contracts/billing/reports';
import { listFamilyFulfillments, listFamilyOrders } from './family-orders';

// The family's reads live apart so the portal's home loads no staff schemas (ADR 0129).
export { listFamilyFulfillments, listFamilyOrders };

const UNKNOWN_STUDENT = 'No encontramos a este alumno.';
const UNKNOWN_ORDER = 'No encontramos esta orden.';
const orders = { domain: 'billing', spec: 'spec' } as const;

export const listStudentOrders = defineEndpoint({
  ...orders,
  name: 'billing.orders.list-by-student',
  method: 'GET',
  path: '/api/v1/students/{id}/orders/',
  surface: 'portal',
  access: familyOrStaff('billing.read'),
  summary: 'Órdenes de un alumno con su recargo y saldo a la fecha',
  params: uuidParams('id'),
  query: asOfQuerySchema,
  response: orderListSchema,
  notFound: UNKNOWN_STUDENT,
});

export const getStudentOrder = defineEndpoint({
  ...orders,
  name: 'billing.orders.get',
  method: 'GET',
  path: '/api/v1/students/{student}/orders/{order}/',
  surface: 'portal',
  access: familyOrStaff('billing.read'),
  summary: 'Una orden de un alumno con los pagos aplicados',
  params: uuidParams('student', 'order'),
  query: asOfQuerySchema,
  response: orderDetailSchema,
  notFound: UNKNOWN_ORDER,
});

export const getBookkeeperOrder = defineEndpoint({
  ...orders,
  name: 'billing.orders.get-bookkeeper',
  method: 'GET',
  path: '/book-keeper/orders/{id}/',
  surface: 'bookkeeper',
  access: staffOnly('billing.read'),
  summary: 'Una orden con los pagos aplicados y sus correcciones',
  params: uuidParams('id'),
  query: asOfQuerySchema,
  response: staffOrderDetailSchema,
  notFound: UNKNOWN_ORDER,
});

export const listStudentConcepts = defineEndpoint({
  ...orders,
  name: 'billing.student-concepts.list',
  method: 'GET',
  path: '/api/v2/dashboard/students/{id}/concepts/',
  surface: 'dashboard',
  access: staffOnly('billing.read'),
  summary: 'Conceptos de un alumno con sus órdenes',
  params: uuidParams('id'),
  query: asOfQuerySchema,
  response: studentConceptListSchema,
  notFound: UNKNOWN_STUDENT,
});

export const getStudentConcept = defineEndpoint({
  ...orders,
  name: 'billing.student-concepts.get',
  method: 'GET',
  path: '/api/v2/dashboard/students/{student}/concepts/{concept}/',
  surface: 'dashboard',
  access: staffOnly('billing.read'),
  summary: 'Un concepto de un alumno con sus órdenes',
  params: uuidParams('student', 'concept'),
  query: asOfQuerySchema,
  response: studentConceptSchema,
  notFound: 'No encontramos este concepto para el alumno.',
});

/** The school's staff reading one student's money (the student's school is checked). */
const staffStudent = {
  ...orders,
  method: 'GET',
  surface: 'dashboard',
  access: staffOnly('billing.read'),
  params: uuidParams('id'),
  query: asOfQuerySchema,
  notFound: UNKNOWN_STUDENT,
} as const;

export const listStaffStudentOrders = defineEndpoint({
  ...staffStudent,
  name: 'billing.orders.list-by-student-staff',
  path: '/api/v1/dashboard/students/{id}/orders/',
  summary: 'Órdenes de un alumno con su recargo y saldo a la fecha',
  response: orderListSchema,
});

export const listStaffStudentFulfillments = defineEndpoint({
  ...staffStudent,
  name: 'billing.fulfillments.list-by-student-staff',
  path: '/api/v1/dashboard/students/{id}/fulfillments/',
  summary: 'Cargos por pagar de un alumno a la fecha',
  response: orderListSchema,
});

export const listStaffStudentAssignments = defineEndpoint({
  ...staffStudent,
  name: 'billing.assignments.list-by-student-staff',
  path: '/api/v1/dashboard/students/{id}/assignments/',
  summary: 'Conceptos asignados a un alumno: periodos cobrados y saldo',
  response: studentAssignmentListSchema,
});

/** The spec's academic-coordinator read: what a student has paid, grouped by concept type. */
export const listStudentPaidByConceptType = defineEndpoint({
  ...staffStudent,
  name: 'billing.fulfillments.paid-by-concept-type',
  path: '/academic-coordinator/students/{id}/get_paid_fulfillments_by_concept_types/',
  summary: 'Cargos pagados de un alumno por tipo de concepto, con lo pagado (recargos incluidos)',
  response: paidByConceptTypesSchema,
});

export const ORDER_ENDPOINTS = [
  listStudentOrders,
  getStudentOrder,
  getBookkeeperOrder,
  listStudentConcepts,
  getStudentConcept,
  listFamilyOrders,
  listFamilyFulfillments,
  listStaffStudentOrders,
  listStaffStudentFulfillments,
  listStaffStudentAssignments,
  listStudentPaidByConceptType,
] as const;
