import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  bookkeeperOrderPatchSchema,
  bookkeeperOrderReplaceSchema,
  changedOrderPricesSchema,
  changeOrderPricesSchema,
  editBaseSchema,
  editDueSchema,
  scholarshipRuleSchema,
  staffOrderDetailSchema,
  switchInterestForgivenSchema,
} from '../corrections';

const UNKNOWN_ORDER = 'No encontramos esta orden.';
/** Each correction of one order (ADR 0035): audited, refused on an order with payments. */
const correction = {
  domain: 'billing',
  spec: 'spec',
  surface: 'dashboard',
  access: staffOnly('billing.write'),
  params: uuidParams('id', 'fulfillment'),
  response: staffOrderDetailSchema,
  notFound: UNKNOWN_ORDER,
} as const;

export const switchInterestForgiven = defineEndpoint({
  ...correction,
  name: 'billing.fulfillments.switch-interest-forgiven',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/switch_interest_forgiven/',
  summary: 'Condonar o cobrar los recargos de un cargo',
  body: switchInterestForgivenSchema,
});

export const editBase = defineEndpoint({
  ...correction,
  name: 'billing.fulfillments.edit-base',
  method: 'PATCH',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/edit_base/',
  summary: 'Editar el monto base de un cargo sin pagos',
  body: editBaseSchema,
});

export const avoidScholarship = defineEndpoint({
  ...correction,
  name: 'billing.fulfillments.avoid-scholarship',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/avoid_scholarship/',
  access: staffOnly('scholarships.write'),
  summary: 'Quitar la beca de un cargo sin pagos (las becas nuevas tampoco lo alcanzan)',
  body: scholarshipRuleSchema,
});

export const forceScholarship = defineEndpoint({
  ...correction,
  name: 'billing.fulfillments.force-scholarship',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/force_scholarship/',
  access: staffOnly('scholarships.write'),
  summary: 'Aplicar a un cargo sin pagos la beca del alumno aunque empiece después',
  body: scholarshipRuleSchema,
});

export const editDue = defineEndpoint({
  ...correction,
  name: 'billing.fulfillments.edit-due',
  method: 'PATCH',
  path: '/api/v1/dashboard/schools/{id}/fulfillments/{fulfillment}/edit_due/',
  summary: 'Editar el vencimiento de un cargo',
  body: editDueSchema,
});

export const patchBookkeeperOrder = defineEndpoint({
  ...correction,
  name: 'billing.orders.patch-bookkeeper',
  method: 'PATCH',
  path: '/book-keeper/orders/{id}/',
  surface: 'bookkeeper',
  summary: 'Corregir una orden sin pagos: monto, vencimiento, recargos o cancelarla',
  params: uuidParams('id'),
  body: bookkeeperOrderPatchSchema,
});

export const replaceBookkeeperOrder = defineEndpoint({
  ...correction,
  name: 'billing.orders.replace-bookkeeper',
  method: 'PUT',
  path: '/book-keeper/orders/{id}/',
  surface: 'bookkeeper',
  summary: 'Reemplazar monto, vencimiento y recargo de una orden sin pagos',
  params: uuidParams('id'),
  body: bookkeeperOrderReplaceSchema,
});

export const changeOrderPrices = defineEndpoint({
  domain: 'billing',
  spec: 'spec',
  surface: 'dashboard',
  name: 'billing.concepts.change-order-prices',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/concepts/{concept}/change_order_prices/',
  access: staffOnly('billing.write'),
  summary: 'Cambiar el precio de un concepto y de sus órdenes sin pagos desde una fecha',
  params: uuidParams('id', 'concept'),
  body: changeOrderPricesSchema,
  response: changedOrderPricesSchema,
  notFound: 'No encontramos este concepto.',
});

export const CORRECTION_ENDPOINTS = [
  switchInterestForgiven,
  editBase,
  editDue,
  avoidScholarship,
  forceScholarship,
  patchBookkeeperOrder,
  replaceBookkeeperOrder,
  changeOrderPrices,
] as const;
