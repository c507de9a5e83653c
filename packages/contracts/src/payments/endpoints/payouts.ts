import { staffOnly } from '../../access/access';
import { defineEndpoint, uuidParams } from '../../http/endpoint';
import { figuresQuerySchema } from '../figures';
import { payoutListSchema } from '../payouts';

/** The school's payouts by collection day (ADR 0036): whoever sees payouts (payouts.read). */
export const listPayouts = defineEndpoint({
  name: 'payments.payouts.list',
  domain: 'payments',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/payouts/',
  surface: 'dashboard',
  spec: 'spec',
  access: staffOnly('payouts.read'),
  summary:
    'Listar dispersiones de la escuela (lo cobrado con tarjeta por día y cuándo se deposita)',
  params: uuidParams('id'),
  query: figuresQuerySchema,
  response: payoutListSchema,
});

export const PAYOUT_ENDPOINTS = [listPayouts] as const;
