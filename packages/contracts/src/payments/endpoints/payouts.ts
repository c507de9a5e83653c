import { z } from 'zod';
import { gatewayWebhook, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { bankAccountListSchema } from '@cuota/contracts/payments/bank-accounts';
import { figuresQuerySchema } from '@cuota/contracts/payments/figures';
import {
  bankHolidayListSchema,
  bankHolidayQuerySchema,
  cancelPayoutSchema,
  changePayoutAccountSchema,
  newPayoutSchema,
  payoutBalanceInputSchema,
  payoutBalanceSchema,
  payoutDetailSchema,
  payoutListSchema,
  payoutQuerySchema,
  scheduledPayoutListSchema,
  scheduledPayoutSchema,
} from '../payouts';

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

/**
 * Payout management (ADR 0043). No platform-operator role exists yet: school staff act on
 * their school's payouts, reads with payouts.read, anything that sends money out with
 * payments.refund (owner, general director, treasurer). The school is the query's or the
 * body's `school_id`, or the payout's; another school's payout is 404.
 */
const backoffice = { domain: 'payments', surface: 'internal', spec: 'spec' } as const;
const NOT_FOUND = 'No encontramos esta dispersión.';
const read = staffOnly('payouts.read');
const moveMoney = staffOnly('payments.refund');

export const listBackofficePayouts = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.list',
  method: 'GET',
  path: '/backoffice/payouts/',
  access: read,
  summary: 'Listar dispersiones',
  query: payoutQuerySchema,
  response: scheduledPayoutListSchema,
});

export const schedulePayout = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.schedule',
  method: 'POST',
  path: '/backoffice/payouts/',
  access: moveMoney,
  summary: 'Registrar dispersiones',
  body: newPayoutSchema,
  response: scheduledPayoutSchema,
  status: 201,
  // The school's day is the natural key: asking again answers the same payout, key or not.
  idempotencyKey: 'optional',
});

/** Before `{id}`: a fixed path is never read as a payout's id. */
export const bankHolidays = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.bank-holidays',
  method: 'GET',
  path: '/backoffice/payouts/bank-holiday/',
  access: read,
  summary: 'Días inhábiles bancarios',
  query: bankHolidayQuerySchema,
  response: bankHolidayListSchema,
});

export const payoutDetail = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.detail',
  method: 'GET',
  path: '/backoffice/payouts/{id}/',
  access: read,
  summary: 'Consultar un registro de dispersiones',
  params: uuidParams('id'),
  response: payoutDetailSchema,
  notFound: NOT_FOUND,
});

export const payoutBankAccounts = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.bank-accounts',
  method: 'GET',
  path: '/backoffice/payouts/{id}/bank-accounts/',
  access: read,
  summary: 'Listar bank accounts',
  params: uuidParams('id'),
  response: bankAccountListSchema,
  notFound: NOT_FOUND,
});

export const changePayoutAccount = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.change-bank-account',
  method: 'PUT',
  path: '/backoffice/payouts/{id}/change-bank-account/',
  access: moveMoney,
  summary: 'Cambiar la cuenta bancaria de una dispersión',
  params: uuidParams('id'),
  body: changePayoutAccountSchema,
  response: scheduledPayoutSchema,
  notFound: NOT_FOUND,
});

export const executePayout = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.execute',
  method: 'POST',
  path: '/backoffice/payouts/{id}/execute/',
  access: moveMoney,
  summary: 'Ejecutar una dispersión',
  params: uuidParams('id'),
  response: scheduledPayoutSchema,
  notFound: NOT_FOUND,
});

/**
 * The spec's CANCELED status (§4) names no route: a payout not sent yet (SCHEDULED or
 * DECLINED) is canceled with a reason and its payments wait for the next payout (ADR 0056).
 */
export const cancelPayout = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.cancel',
  method: 'POST',
  path: '/backoffice/payouts/{id}/cancel/',
  spec: {
    capability: 'El estado CANCELED (§4): una dispersión que no ha salido se cancela con motivo.',
  },
  access: moveMoney,
  summary: 'Cancelar una dispersión',
  params: uuidParams('id'),
  body: cancelPayoutSchema,
  response: scheduledPayoutSchema,
  notFound: NOT_FOUND,
});

export const registerPayoutBalance = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.payouts.register-balance',
  method: 'POST',
  path: '/backoffice/register_payout_balance/',
  access: moveMoney,
  summary: 'Registrar el saldo de dispersiones',
  body: payoutBalanceInputSchema,
  response: payoutBalanceSchema,
});

/** The gateway's signed payout status (ADR 0043): verified over the raw body, once per ticket. */
export const payoutStatusNotification = defineEndpoint({
  name: 'payments.kushki.payout-status',
  method: 'POST',
  path: '/api/v1/kushki/payout_status/',
  domain: 'payments',
  surface: 'webhook',
  access: gatewayWebhook(),
  summary: 'Notificación de la pasarela sobre el estado de una dispersión',
  spec: 'spec',
  bodyType: 'raw',
  response: z.object({ received: z.literal(true) }),
});

export const PAYOUT_ENDPOINTS = [
  listPayouts,
  listBackofficePayouts,
  schedulePayout,
  bankHolidays,
  payoutDetail,
  payoutBankAccounts,
  changePayoutAccount,
  executePayout,
  cancelPayout,
  registerPayoutBalance,
  payoutStatusNotification,
] as const;
