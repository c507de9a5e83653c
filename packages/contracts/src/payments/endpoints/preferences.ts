import { familyOnly } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import {
  createPreferenceSchema,
  preferenceSchema,
  preferenceValidationSchema,
  validatePreferenceSchema,
} from '../preferences';

/**
 * A family gathers the orders it will pay and how (ADR 0045). The amounts are billing's quote
 * corrected by payments' own allocations, as checkout's; another family's orders are 404.
 */
export const createPreference = defineEndpoint({
  name: 'payments.preference.create',
  method: 'POST',
  path: '/api/v1/kushki_checkout/preferences/',
  domain: 'payments',
  surface: 'portal',
  access: familyOnly(),
  summary: 'Crear una preferencia de pago (tarjeta, transferencia o efectivo)',
  spec: 'spec',
  body: createPreferenceSchema,
  response: preferenceSchema,
  status: 201,
  idempotencyKey: 'required',
});

/** What a preference's orders owe now, and why it changed, before the family pays. */
export const validatePreference = defineEndpoint({
  name: 'payments.preference.validate',
  method: 'POST',
  path: '/api/v1/validate/preferences/',
  domain: 'payments',
  surface: 'portal',
  access: familyOnly(),
  summary: 'Validar una preferencia de pago antes de pagar',
  spec: 'spec',
  body: validatePreferenceSchema,
  response: preferenceValidationSchema,
  notFound: 'No encontramos esta preferencia de pago.',
});

export const PREFERENCE_ENDPOINTS = [createPreference, validatePreference] as const;
