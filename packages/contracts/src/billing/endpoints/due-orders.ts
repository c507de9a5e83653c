import { pageSchema } from '@cuota/contracts/common/pagination';
import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  dueOrderFiltersSchema,
  dueOrderStudentDetailSchema,
  dueOrderStudentSchema,
  dueOrdersQuerySchema,
} from '@cuota/contracts/billing/orders';

const due = {
  domain: 'billing',
  surface: 'dashboard',
  spec: 'spec',
  access: staffOnly('billing.read'),
} as const;

export const listDueOrderStudents = defineEndpoint({
  ...due,
  name: 'billing.due-orders.list',
  method: 'GET',
  path: '/api/v4/dashboard/schools/{id}/due_orders/students/',
  summary: 'Alumnos con adeudos: saldo, vencido y estatus',
  params: uuidParams('id'),
  query: dueOrdersQuerySchema,
  response: pageSchema(dueOrderStudentSchema),
});

export const getDueOrderStudent = defineEndpoint({
  ...due,
  name: 'billing.due-orders.get',
  method: 'GET',
  path: '/api/v4/dashboard/schools/{id}/due_orders/students/{student}/',
  summary: 'Las órdenes abiertas de un alumno a la fecha',
  params: uuidParams('id', 'student'),
  response: dueOrderStudentDetailSchema,
  notFound: 'No encontramos a este alumno.',
});

export const dueOrderFilters = defineEndpoint({
  ...due,
  name: 'billing.due-orders.filters',
  method: 'GET',
  path: '/api/v4/dashboard/schools/{id}/due_orders/students/filters/',
  summary: 'Filtros del reporte de adeudos, con cuántos alumnos hay en cada uno',
  params: uuidParams('id'),
  response: dueOrderFiltersSchema,
});

export const exportDueOrders = defineEndpoint({
  ...due,
  name: 'billing.due-orders.xls',
  method: 'POST',
  path: '/api/v4/dashboard/schools/{id}/due_orders/students/xls/',
  summary: 'Exportar a Excel los alumnos con adeudos (con los filtros de la consulta)',
  params: uuidParams('id'),
  query: dueOrdersQuerySchema,
  produces: 'xlsx',
});

export const DUE_ORDER_ENDPOINTS = [
  listDueOrderStudents,
  getDueOrderStudent,
  dueOrderFilters,
  exportDueOrders,
] as const;
