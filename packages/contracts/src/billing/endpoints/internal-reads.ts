import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { conceptListSchema, conceptQuerySchema } from '@cuota/contracts/billing/concepts';
import {
  billingPublicQuerySchema,
  conceptAssignmentPageSchema,
  conceptOrdersQuerySchema,
  guardianDebtListSchema,
  publicFulfillmentPageSchema,
  schoolOrdersByQuerySchema,
} from '@cuota/contracts/billing/reports';
import { schoolOrderPageSchema } from '@cuota/contracts/billing/school-orders';

/**
 * Billing's internal rows: read by a school's own systems and apps with a staff session, like
 * enrolment's "Public v1" (ADR 0014). Reads need billing.read in the school (docs/permissions.md).
 */
const internalRead = {
  domain: 'billing',
  surface: 'internal',
  spec: 'spec',
  method: 'GET',
  access: staffOnly('billing.read'),
} as const;

export const guardiansDebt = defineEndpoint({
  ...internalRead,
  name: 'billing.guardians.debt',
  path: '/auth/api/app/schools/{id}/guardians/debt/',
  summary: 'Lo que deben los alumnos de cada tutor de la escuela a hoy (recargos incluidos)',
  params: uuidParams('id'),
  response: guardianDebtListSchema,
});

export const internalConcepts = defineEndpoint({
  ...internalRead,
  name: 'billing.internal.concepts',
  path: '/api/v1/internal/concepts/',
  summary: 'Conceptos de cobro de una escuela (school_id)',
  query: conceptQuerySchema,
  response: conceptListSchema,
});

export const internalOrders = defineEndpoint({
  ...internalRead,
  name: 'billing.internal.orders',
  path: '/api/v1/internal/orders/',
  summary: 'Órdenes de una escuela (school_id), paginadas, con su recargo y saldo a hoy',
  query: schoolOrdersByQuerySchema,
  response: schoolOrderPageSchema,
});

export const publicConceptAssignments = defineEndpoint({
  ...internalRead,
  name: 'billing.public-v1.concept-assignments',
  path: '/api/v1/internal/public/concept-assignments/',
  summary: 'Conceptos asignados a cada alumno de la escuela: periodos cobrados',
  query: billingPublicQuerySchema,
  response: conceptAssignmentPageSchema,
});

export const publicConceptOrders = defineEndpoint({
  ...internalRead,
  name: 'billing.public-v1.concept-orders',
  path: '/api/v1/internal/public/concepts/{id}/orders/',
  summary: 'Órdenes de un concepto, por creación, con su saldo a hoy',
  params: uuidParams('id'),
  query: conceptOrdersQuerySchema,
  response: publicFulfillmentPageSchema,
  notFound: 'No encontramos este concepto.',
});

export const publicFulfillments = defineEndpoint({
  ...internalRead,
  name: 'billing.public-v1.fulfillments',
  path: '/api/v1/internal/public/fulfillments/',
  summary: 'Cargos de la escuela, por creación, con su recargo y saldo a hoy',
  query: billingPublicQuerySchema,
  response: publicFulfillmentPageSchema,
});

export const INTERNAL_READ_ENDPOINTS = [
  guardiansDebt,
  internalConcepts,
  internalOrders,
  publicConceptAssignments,
  publicConceptOrders,
  publicFulfillments,
] as const;
