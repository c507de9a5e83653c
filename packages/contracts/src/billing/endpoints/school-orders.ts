import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  schoolDueOrdersQuerySchema,
  schoolOrderFilterSchema,
  schoolOrderPageSchema,
  schoolOrdersQuerySchema,
} from '@cuota/contracts/billing/school-orders';

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

/**
 * v2 of the Excel: one row per order with the student's matrícula and level, the month in
 * Spanish and each adjustment in its own column (scholarship, discount, surcharge, late fee as
 * of today).
 */
export const exportSchoolFulfillmentsV2 = defineEndpoint({
  ...schoolOrders,
  name: 'billing.fulfillments.xls-v2',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/xls_v2/',
  summary: 'Exportar a Excel (v2) los cargos: nivel, mes y cada ajuste en su columna',
  query: schoolOrderFilterSchema,
  produces: 'xlsx',
});

const UNKNOWN_ORDER = 'No encontramos esta orden.';
const oneOrder = {
  ...schoolOrders,
  params: uuidParams('id', 'fulfillment'),
  notFound: UNKNOWN_ORDER,
} as const;

/** One order as a printable statement: amounts, adjustments, payments and what is owed today. */
export const schoolFulfillmentPdf = defineEndpoint({
  ...oneOrder,
  name: 'billing.fulfillments.pdf',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/pdf/',
  summary: 'Descargar en PDF el estado de un cargo (importe, ajustes, pagos y saldo a hoy)',
  produces: 'pdf',
});

/** The same statement as XML, for a school's own systems (not a CFDI: invoicing issues those). */
export const schoolFulfillmentXml = defineEndpoint({
  ...oneOrder,
  name: 'billing.fulfillments.xml',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/xml/',
  summary: 'Descargar en XML el estado de un cargo (no es un CFDI)',
  produces: 'xml',
});

export const SCHOOL_ORDER_ENDPOINTS = [
  listSchoolFulfillments,
  exportSchoolFulfillments,
  exportSchoolFulfillmentsV2,
  schoolFulfillmentPdf,
  schoolFulfillmentXml,
  listSchoolDueOrders,
] as const;
