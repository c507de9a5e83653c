import { staffOnly } from '../../access/access';
import { defineEndpoint, uuidParams } from '../../http/endpoint';
import { delinquencySchema } from '../delinquency';

export const getDelinquency = defineEndpoint({
  domain: 'billing',
  surface: 'dashboard',
  spec: 'spec',
  access: staffOnly('reports.read'),
  name: 'billing.delinquency.get',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/delinquency/',
  summary:
    'Morosidad: lo vencido por antigüedad (0–30, 31–60, 61–90, más de 90 días), por nivel y grupo',
  params: uuidParams('id'),
  response: delinquencySchema,
});

export const DELINQUENCY_ENDPOINTS = [getDelinquency] as const;
