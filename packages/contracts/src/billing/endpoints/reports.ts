import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import {
  reportExcelQuerySchema,
  schoolOrdersByQuerySchema,
  schoolQuerySchema,
  tableLinksSchema,
} from '@cuota/contracts/billing/reports';
import { schoolOrderPageSchema } from '@cuota/contracts/billing/school-orders';

/** Rows that name their school in `school_id` (the BFF checks the membership there). */
const bySchoolQuery = {
  domain: 'billing',
  spec: 'spec',
  surface: 'dashboard',
  method: 'GET',
} as const;

export const listDashboardOrders = defineEndpoint({
  ...bySchoolQuery,
  name: 'billing.orders.list-by-school-query',
  path: '/api/v1/dashboard/orders/',
  access: staffOnly('billing.read'),
  summary: 'Órdenes de la escuela (school_id), por vencimiento, con su recargo y saldo a hoy',
  query: schoolOrdersByQuerySchema,
  response: schoolOrderPageSchema,
});

/** Reports need reports.read (docs/permissions.md). */
const report = { ...bySchoolQuery, access: staffOnly('reports.read') } as const;

export const exportReportExcel = defineEndpoint({
  ...report,
  name: 'billing.reports.excel',
  path: '/api/v1/dashboard/reports/excel/',
  summary: 'Exportar a Excel un reporte de cobranza: cargos, adeudos o morosidad',
  query: reportExcelQuerySchema,
  produces: 'xlsx',
});

export const exportReportsZip = defineEndpoint({
  ...report,
  name: 'billing.reports.zip',
  path: '/api/v1/dashboard/reports/zip/',
  summary: 'Descargar en ZIP los reportes de cobranza de la escuela (cargos, adeudos, morosidad)',
  query: schoolQuerySchema,
  produces: 'zip',
});

export const listTableLinks = defineEndpoint({
  ...report,
  name: 'billing.reports.table-links',
  path: '/api/v1/dashboard/table-links/',
  summary: 'Las tablas de cobranza de la escuela y el vínculo que descarga cada una',
  query: schoolQuerySchema,
  response: tableLinksSchema,
});

export const REPORT_ENDPOINTS = [
  listDashboardOrders,
  exportReportExcel,
  exportReportsZip,
  listTableLinks,
] as const;
