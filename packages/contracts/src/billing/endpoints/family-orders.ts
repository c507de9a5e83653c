import { familyOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { asOfQuerySchema, orderListSchema } from '@cuota/contracts/billing/orders';
import { FAMILY_READ_PATHS } from '@cuota/contracts/http/family-read-paths';

// A module of their own (orders.ts re-exports them and lists them in ORDER_ENDPOINTS): the
// portal's home reads what the family owes, and importing orders.ts would bring the staff
// endpoints' schemas (corrections, reports, scholarships) into its first load (ADR 0129).
const orders = { domain: 'billing', spec: 'spec' } as const;

/** The signed-in family's orders at a school (every student of theirs there). */
export const listFamilyOrders = defineEndpoint({
  ...orders,
  name: 'billing.orders.list-by-family',
  method: 'GET',
  path: '/api/v1/schools/{id}/orders/',
  surface: 'portal',
  access: familyOnly(),
  summary: 'Órdenes de la familia en la escuela',
  params: uuidParams('id'),
  query: asOfQuerySchema,
  response: orderListSchema,
});

/** What the family can select to pay (spec §3 fulfillment items): its open orders. */
export const listFamilyFulfillments = defineEndpoint({
  ...orders,
  name: 'billing.fulfillments.list-by-family',
  method: 'GET',
  path: FAMILY_READ_PATHS.fulfillments,
  surface: 'portal',
  access: familyOnly(),
  summary: 'Conceptos por pagar de la familia en la escuela',
  params: uuidParams('id'),
  query: asOfQuerySchema,
  response: orderListSchema,
});
