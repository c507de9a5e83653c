import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { monthFiguresQuerySchema, monthFiguresSchema } from '../month-figures';
import { INICIO_READ_PATHS } from '@cuota/contracts/http/inicio-read-paths';

/** Inicio's billing figures: a report, so reports.read, like the delinquency report. */
export const getMonthFigures = defineEndpoint({
  domain: 'billing',
  surface: 'dashboard',
  spec: {
    capability:
      'Inicio (issue 23): la tasa de cobro del mes por nivel, lo por vencer y las familias con más adeudo vencido.',
  },
  name: 'billing.month-figures.get',
  method: 'GET',
  path: INICIO_READ_PATHS.billingFigures,
  access: staffOnly('reports.read'),
  summary:
    'Cifras del mes para Inicio: facturado y cobrado por nivel, por vencer y mayores adeudos',
  params: uuidParams('id'),
  query: monthFiguresQuerySchema,
  response: monthFiguresSchema,
});

export const MONTH_FIGURE_ENDPOINTS = [getMonthFigures] as const;
