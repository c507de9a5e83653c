import { familyOrStaff } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  createSubscriptionSchema,
  subscribableListSchema,
  subscribableQuerySchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '../subscriptions';
import { FAMILY_READ_PATHS } from '@cuota/contracts/http/family-read-paths';

/** Families see and change their own students' subscriptions; staff, the school's. */
const subscriptions = { domain: 'billing', surface: 'portal', spec: 'spec' } as const;
const UNKNOWN_SUBSCRIPTION = 'No encontramos esta suscripción.';

export const listSubscriptions = defineEndpoint({
  ...subscriptions,
  name: 'billing.subscriptions.list',
  method: 'GET',
  path: FAMILY_READ_PATHS.subscriptions,
  access: familyOrStaff('billing.read'),
  summary: 'Suscripciones de los alumnos (de la familia, o de la escuela para el personal)',
  params: uuidParams('id'),
  response: subscriptionListSchema,
});

export const createSubscription = defineEndpoint({
  ...subscriptions,
  name: 'billing.subscriptions.create',
  method: 'POST',
  path: FAMILY_READ_PATHS.subscriptions,
  access: familyOrStaff('billing.write'),
  summary: 'Suscribir a un alumno a un concepto opcional mensual: genera sus órdenes restantes',
  params: uuidParams('id'),
  body: createSubscriptionSchema,
  response: subscriptionSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const getSubscription = defineEndpoint({
  ...subscriptions,
  name: 'billing.subscriptions.get',
  method: 'GET',
  path: '/api/v1/schools/{school}/subscriptions/{id}/',
  access: familyOrStaff('billing.read'),
  summary: 'Una suscripción con sus órdenes',
  params: uuidParams('school', 'id'),
  response: subscriptionSchema,
  notFound: UNKNOWN_SUBSCRIPTION,
});

export const cancelSubscription = defineEndpoint({
  ...subscriptions,
  name: 'billing.subscriptions.delete',
  method: 'DELETE',
  path: '/api/v1/schools/{school}/subscriptions/{id}/',
  access: familyOrStaff('billing.write'),
  summary: 'Cancelar una suscripción: cancela los meses por venir sin pagos, conserva los pagados',
  params: uuidParams('school', 'id'),
  response: subscriptionSchema,
  notFound: UNKNOWN_SUBSCRIPTION,
});

export const listSubscribableConcepts = defineEndpoint({
  ...subscriptions,
  name: 'billing.subscriptions.concepts',
  method: 'GET',
  path: FAMILY_READ_PATHS.subscribableConcepts,
  access: familyOrStaff('billing.read'),
  summary: 'Conceptos opcionales mensuales a los que cada alumno puede suscribirse',
  params: uuidParams('id'),
  query: subscribableQuerySchema,
  response: subscribableListSchema,
});

export const SUBSCRIPTION_ENDPOINTS = [
  listSubscriptions,
  createSubscription,
  getSubscription,
  cancelSubscription,
  listSubscribableConcepts,
] as const;
