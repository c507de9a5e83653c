import { plannedRows } from '../http/planned-row';

/**
 * The rows of the specification's billing domain nobody serves yet (ADR 0027): the BFF answers
 * them 501 «Esta función aún no está disponible.» and the reference lists them as such. A row
 * leaves this list when its issue builds it as a definition, with its access and schemas.
 */
export const BILLING_PLANNED_ROWS = plannedRows('billing', {
  store: {
    'GET /api/v1/schools/{id}/online-store/': 'Listar tienda en línea de la escuela',
    'GET /api/v1/schools/{id}/optional-orders/': 'Listar órdenes opcionales de la escuela',
    'POST /api/v1/schools/{id}/validate_stock/': 'Validar existencias antes de comprar',
  },
  dashboard: {
    'GET /academic-coordinator/students/{id}/get_paid_fulfillments_by_concept_types/':
      'Cargos pagados de un alumno por tipo de concepto',
    'GET /api/v1/dashboard/orders/': 'Listar órdenes',
    'GET /api/v1/dashboard/reports/excel/': 'Exportar a Excel',
    'GET /api/v1/dashboard/reports/zip/': 'Descargar en ZIP',
    'GET /api/v1/dashboard/table-links/': 'Listar vínculos de tablas',
    'POST /api/v1/dashboard/schools/{id}/concepts/{concept}/auto-assign/':
      'Asignar automáticamente un concepto',
    'POST /api/v1/dashboard/schools/{id}/concepts/batch/': 'Crear conceptos en lote',
    'GET /api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/pdf/': 'Descargar en PDF',
    'GET /api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/xml/': 'Descargar en XML',
    'GET /api/v1/dashboard/schools/{id}/fulfillments/xls_v2/': 'Exportar a Excel (v2)',
    'GET /api/v1/dashboard/schools/{id}/optional-orders/':
      'Listar órdenes opcionales de la escuela',
    'GET /api/v1/dashboard/schools/{id}/root_concepts/': 'Listar conceptos raíz de la escuela',
    'GET /api/v1/dashboard/schools/{id}/stock/': 'Listar inventario de la escuela',
    'GET /api/v1/dashboard/schools/{id}/stock-history/':
      'Listar historial de inventario de la escuela',
  },
  internal: {
    'GET /auth/api/app/schools/{id}/guardians/debt/': 'Adeudo de los tutores de una escuela',
    'GET /api/v1/internal/concepts/': 'Listar conceptos',
    'GET /api/v1/internal/orders/': 'Listar órdenes',
    'GET /api/v1/internal/public/concept-assignments/': 'Asignaciones de conceptos (API pública)',
    'GET /api/v1/internal/public/concepts/{id}/orders/': 'Listar órdenes',
    'GET /api/v1/internal/public/fulfillments/': 'Listar cargos',
  },
});
