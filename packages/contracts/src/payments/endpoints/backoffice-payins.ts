import { pageSchema } from '@cuota/contracts/common/pagination';
import { platformOperator, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  assignTicketNumberSchema,
  backofficePayinQuerySchema,
  payinSyncReportSchema,
  payinSyncSchema,
} from '../backoffice-payins';
import { payinSchema } from '@cuota/contracts/payments/payins';

/**
 * Operators' tools for card payins whose gateway answer was lost (ADR 0036 "backoffice
 * payins"). No platform-operator role exists yet: school staff who may refund act on their
 * school's payins, the school named by the payin or the body.
 */
const backoffice = {
  domain: 'payments',
  surface: 'internal',
  method: 'POST',
  spec: 'spec',
  access: staffOnly('payments.refund'),
} as const;

export const assignTicketNumber = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.assign-ticket',
  path: '/backoffice/payins/{id}/assign_ticket_number/',
  summary: 'Asignar número de ticket a un cobro',
  params: uuidParams('id'),
  body: assignTicketNumberSchema,
  response: payinSchema,
  notFound: 'No encontramos este cobro.',
});

export const syncPayins = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.sync',
  path: '/backoffice/payins/sync/',
  summary: 'Sincronizar cobros',
  body: payinSyncSchema,
  response: payinSyncReportSchema,
});

/** Every school's payins the caller may read (each school where they hold payments.read). */
export const listBackofficePayins = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.list',
  method: 'GET',
  path: '/backoffice/payins/',
  access: staffOnly('payments.read'),
  summary: 'Listar cobros',
  query: backofficePayinQuerySchema,
  response: pageSchema(payinSchema),
});

/**
 * A platform operator opens a payin where its school works on it (ADR 0072): 302 to the
 * dashboard's payment detail, naming the payin's school. No school role may call it.
 */
export const redirectToPayin = defineEndpoint({
  ...backoffice,
  name: 'payments.backoffice.redirect',
  method: 'GET',
  path: '/backoffice/payins/{id}/redirect/',
  access: platformOperator(),
  summary: 'Redirigir a un cobro',
  params: uuidParams('id'),
  status: 302,
  produces: 'none',
  notFound: 'No encontramos este cobro.',
});

export const BACKOFFICE_PAYIN_ENDPOINTS = [
  listBackofficePayins,
  assignTicketNumber,
  syncPayins,
  redirectToPayin,
];
