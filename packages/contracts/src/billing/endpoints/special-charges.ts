import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  createSpecialDiscountSchema,
  createSpecialOverChargeSchema,
  specialChargeListSchema,
  specialChargeSchema,
} from '../special-charges';

const special = {
  domain: 'billing',
  surface: 'dashboard',
  params: uuidParams('id'),
  notFound: 'No encontramos esta orden.',
} as const;
const grantCapability = {
  capability:
    'Otorgar un descuento o recargo especial a una orden (la especificación los lista sin decir cómo se crean): ADR 0035.',
};

export const listSpecialDiscounts = defineEndpoint({
  ...special,
  spec: 'spec',
  name: 'billing.special-discounts.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/special_discounts/',
  access: staffOnly('billing.read'),
  summary: 'Descuentos especiales de la escuela',
  response: specialChargeListSchema,
});

export const grantSpecialDiscount = defineEndpoint({
  ...special,
  spec: grantCapability,
  name: 'billing.special-discounts.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/special_discounts/',
  access: staffOnly('scholarships.write'),
  summary: 'Descuento especial en una orden sin pagos: porcentaje, monto o precio fijo',
  body: createSpecialDiscountSchema,
  response: specialChargeSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const listSpecialOverCharges = defineEndpoint({
  ...special,
  spec: 'spec',
  name: 'billing.special-over-charges.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/special_over_charges/',
  access: staffOnly('billing.read'),
  summary: 'Recargos especiales de la escuela',
  response: specialChargeListSchema,
});

export const grantSpecialOverCharge = defineEndpoint({
  ...special,
  spec: grantCapability,
  name: 'billing.special-over-charges.create',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/special_over_charges/',
  access: staffOnly('scholarships.write'),
  summary: 'Recargo especial en una orden sin pagos: porcentaje o monto',
  body: createSpecialOverChargeSchema,
  response: specialChargeSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const SPECIAL_CHARGE_ENDPOINTS = [
  listSpecialDiscounts,
  grantSpecialDiscount,
  listSpecialOverCharges,
  grantSpecialOverCharge,
] as const;
