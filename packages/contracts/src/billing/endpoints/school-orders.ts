import { staffOnly } from '../../access/access';
import { defineEndpoint, uuidParams } from '../../http/endpoint';
import {
  schoolDueOrdersQuerySchema,
  schoolOrderFilterSchema,
  schoolOrderPageSchema,
  schoolOrdersQuerySchema,
} from '../school-orders';

/** The school's orders (the spec's fulfillments) for its staff: reads need billing.read. */
const schoolOrders = {
  domain: 'billing',
  spec: 'spec',
  surface: 'dashboard',
  method: 'GET',
  access: staffOnly('billing.read'),
  params: uuidParams('id'),
} as const;

export const listSchoolFulfillments = defineEndpoint({
  ...schoolOrders,
  name: 'billing.fulfillments.list-by-school',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/',
  summary: 'Cargos de la escuela, por fecha de vencimiento, con su recargo y saldo a hoy',
  query: schoolOrdersQuerySchema,
  response: schoolOrderPageSchema,
});

export const exportSchoolFulfillments = defineEndpoint({
  ...schoolOrders,
  name: 'billing.fulfillments.excel',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/excel/',
  summary: 'Exportar a Excel los cargos de la escuela (con los filtros de la consulta)',
  query: schoolOrderFilterSchema,
  produces: 'xlsx',
});

export const listSchoolDueOrders = defineEndpoint({
  ...schoolOrders,
  name: 'billing.due-orders.list-by-school',
  path: '/api/v1/dashboard/schools/{id}/due_orders/',
  summary: 'Adeudos de la escuela: los cargos con saldo, por fecha de vencimiento',
  query: schoolDueOrdersQuerySchema,
  response: schoolOrderPageSchema,
});

export const SCHOOL_ORDER_ENDPOINTS = [
  listSchoolFulfillments,
  exportSchoolFulfillments,
  listSchoolDueOrders,
] as const;
