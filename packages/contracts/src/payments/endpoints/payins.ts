import { pageSchema } from '@cuota/contracts/common/pagination';
import { familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  deskPaymentSchema,
  payinListQuerySchema,
  payinSchema,
} from '@cuota/contracts/payments/payins';
import { FAMILY_READ_PATHS } from '@cuota/contracts/http/family-read-paths';

const UNKNOWN_PAYIN = 'No encontramos este cobro.';
const payins = { domain: 'payments', spec: 'spec' } as const;
const payinPage = pageSchema(payinSchema);

/** Staff: every payin of the school; a family: its own. */
export const listPayins = defineEndpoint({
  ...payins,
  name: 'payments.payins.list',
  method: 'GET',
  path: '/api/v2/schools/{id}/payins/',
  surface: 'portal',
  access: familyOrStaff('payments.read'),
  summary: 'Cobros de la escuela (o de la familia)',
  params: uuidParams('id'),
  query: payinListQuerySchema,
  response: payinPage,
});

export const getPayin = defineEndpoint({
  ...payins,
  name: 'payments.payins.get',
  method: 'GET',
  path: '/api/v2/schools/{school}/payins/{payin}/',
  surface: 'portal',
  access: familyOrStaff('payments.read'),
  summary: 'Un cobro con sus aplicaciones a órdenes',
  params: uuidParams('school', 'payin'),
  response: payinSchema,
  notFound: UNKNOWN_PAYIN,
});

/** The portal's payment history (v1): the same list. */
export const listPayinsV1 = defineEndpoint({
  ...listPayins,
  name: 'payments.payins.list-v1',
  path: FAMILY_READ_PATHS.payins,
  summary: 'Historial de pagos de la familia (o cobros de la escuela)',
});

export const listDashboardPayins = defineEndpoint({
  ...listPayins,
  name: 'payments.payins.list-dashboard',
  path: '/api/v1/dashboard/schools/{id}/payins/',
  surface: 'dashboard',
  access: staffOnly('payments.read'),
  summary: 'Cobros de la escuela',
});

/** The school's desk: cash or a transfer received, allocated oldest due first. */
export const recordDeskPayment = defineEndpoint({
  ...payins,
  name: 'payments.payins.record-desk',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/payins/',
  surface: 'dashboard',
  spec: { capability: 'Registrar en caja un pago en efectivo o transferencia (ADR 0016).' },
  access: staffOnly('payments.collect'),
  summary: 'Registrar un pago en caja; el excedente queda como saldo a favor',
  params: uuidParams('id'),
  body: deskPaymentSchema,
  response: payinSchema,
  status: 201,
  idempotencyKey: 'required',
});

export const payinReceipt = defineEndpoint({
  ...payins,
  name: 'payments.payins.receipt',
  method: 'GET',
  path: '/api/v2/schools/{school}/payins/{payin}/receipt/',
  surface: 'portal',
  spec: { capability: 'Recibo en PDF de un cobro (caja y portal).' },
  access: familyOrStaff('payments.read'),
  summary: 'Recibo del cobro (PDF)',
  params: uuidParams('school', 'payin'),
  produces: 'pdf',
  notFound: UNKNOWN_PAYIN,
});

export const PAYIN_ENDPOINTS = [
  listPayins,
  getPayin,
  listPayinsV1,
  listDashboardPayins,
  recordDeskPayment,
  payinReceipt,
] as const;
