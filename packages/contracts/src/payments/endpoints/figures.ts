import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  collectionsSchema,
  figuresQuerySchema,
  graphicsSchema,
  payinStatsQuerySchema,
  payinStatsSchema,
} from '@cuota/contracts/payments/figures';
import { payinListQuerySchema } from '@cuota/contracts/payments/payins';
import { INICIO_READ_PATHS } from '@cuota/contracts/http/inicio-read-paths';

const figures = { domain: 'payments', method: 'GET', surface: 'dashboard' } as const;

/** Totals of Pagos' list with the same filters: whoever sees the list sees its totals. */
export const payinStats = defineEndpoint({
  ...figures,
  spec: 'spec',
  name: 'payments.payins.stats',
  path: '/api/v1/payins/stats/',
  access: staffOnly('payments.read'),
  summary: 'Estadísticas de cobros (totales de los cobros filtrados)',
  query: payinStatsQuerySchema,
  response: payinStatsSchema,
});

/** The school's money per day and method: a report, so reports.read (not the cashier). */
export const collections = defineEndpoint({
  ...figures,
  spec: 'spec',
  name: 'payments.collections',
  path: INICIO_READ_PATHS.collections,
  access: staffOnly('reports.read'),
  summary: 'Cobranza de la escuela por día y método',
  params: uuidParams('id'),
  query: figuresQuerySchema,
  response: collectionsSchema,
});

export const graphics = defineEndpoint({
  ...figures,
  spec: 'spec',
  name: 'payments.graphics',
  path: '/api/v1/dashboard/schools/{id}/graphics/',
  access: staffOnly('reports.read'),
  summary: 'Gráficas de cobranza: por día y método, y por nivel',
  params: uuidParams('id'),
  query: figuresQuerySchema,
  response: graphicsSchema,
});

/** Pagos' list with its filters as a spreadsheet (every matching payin, not one page). */
export const exportPayins = defineEndpoint({
  ...figures,
  spec: { capability: 'Exportar a Excel los pagos filtrados (Pagos v2).' },
  name: 'payments.payins.xlsx',
  path: '/api/v1/dashboard/schools/{id}/payins/xlsx/',
  access: staffOnly('payments.read'),
  summary: 'Exportar a Excel los pagos (con los filtros de la consulta)',
  params: uuidParams('id'),
  query: payinListQuerySchema,
  produces: 'xlsx',
});

export const FIGURE_ENDPOINTS = [payinStats, collections, graphics, exportPayins] as const;
