import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { monthCloseQuerySchema, monthCloseSchema } from '../month-close-report';

/** The month close: a report, so reports.read (docs/permissions.md). */
const monthClose = {
  domain: 'billing',
  surface: 'dashboard',
  spec: {
    capability:
      'Cierre de mes (issue 23): facturado, cobrado por método, devoluciones, notas de crédito, adeudo y antigüedad al cierre, facturas emitidas; en Excel y PDF.',
  },
  method: 'GET',
  access: staffOnly('reports.read'),
  params: uuidParams('id'),
  query: monthCloseQuerySchema,
} as const;

export const getMonthClose = defineEndpoint({
  ...monthClose,
  name: 'billing.month-close.get',
  path: '/api/v1/dashboard/schools/{id}/month_close/',
  summary: 'Cierre de mes: facturado, cobrado, devuelto, facturas y adeudo al cierre',
  response: monthCloseSchema,
});

export const exportMonthCloseExcel = defineEndpoint({
  ...monthClose,
  name: 'billing.month-close.excel',
  path: '/api/v1/dashboard/schools/{id}/month_close/excel/',
  summary: 'Cierre de mes en Excel',
  produces: 'xlsx',
});

export const exportMonthClosePdf = defineEndpoint({
  ...monthClose,
  name: 'billing.month-close.pdf',
  path: '/api/v1/dashboard/schools/{id}/month_close/pdf/',
  summary: 'Cierre de mes en PDF',
  produces: 'pdf',
});

export const MONTH_CLOSE_ENDPOINTS = [
  getMonthClose,
  exportMonthCloseExcel,
  exportMonthClosePdf,
] as const;
