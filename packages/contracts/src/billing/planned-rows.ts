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
    'GET /api/v1/dashboard/schools/{id}/optional-orders/':
      'Listar órdenes opcionales de la escuela',
    'GET /api/v1/dashboard/schools/{id}/stock/': 'Listar inventario de la escuela',
    'GET /api/v1/dashboard/schools/{id}/stock-history/':
      'Listar historial de inventario de la escuela',
  },
});
