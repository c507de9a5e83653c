import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { delinquencySchema } from '../delinquency';
import { INICIO_READ_PATHS } from '@cuota/contracts/http/inicio-read-paths';

const delinquency = {
  domain: 'billing',
  surface: 'dashboard',
  access: staffOnly('reports.read'),
  params: uuidParams('id'),
} as const;

export const getDelinquency = defineEndpoint({
  ...delinquency,
  spec: 'spec',
  name: 'billing.delinquency.get',
  method: 'GET',
  path: INICIO_READ_PATHS.delinquency,
  summary:
    'Morosidad: lo vencido por antigüedad (0–30, 31–60, 61–90, más de 90 días), por nivel y grupo',
  response: delinquencySchema,
});

export const exportDelinquency = defineEndpoint({
  ...delinquency,
  spec: { capability: 'Exportar a Excel el reporte de morosidad (issue 17).' },
  name: 'billing.delinquency.xlsx',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/delinquency/xlsx/',
  summary: 'Exportar a Excel la morosidad por antigüedad, nivel y grupo',
  produces: 'xlsx',
});

export const DELINQUENCY_ENDPOINTS = [getDelinquency, exportDelinquency] as const;
