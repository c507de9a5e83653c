import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { payinReversalSchema, refundCardSchema, voidPayinSchema } from '../reversals';

/**
 * A desk payment undone (ADR 0036): reversal postings, never an edit. The cashier voids her
 * own payment of the day; anything else needs payments.refund (checked in the service).
 */
export const voidPayin = defineEndpoint({
  name: 'payments.payins.void',
  domain: 'payments',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/payins/{payin}/void/',
  surface: 'dashboard',
  spec: { capability: 'Anular un pago de caja con su motivo (ADR 0036).' },
  access: staffOnly('payments.collect'),
  summary: 'Anular un pago registrado en caja',
  params: uuidParams('id', 'payin'),
  body: voidPayinSchema,
  response: payinReversalSchema,
  notFound: 'No encontramos este cobro.',
});

/**
 * A card payment given back to the card through the gateway (ADR 0036): pending until the
 * gateway's webhook says the void or refund went through; then the books move.
 */
export const refundCard = defineEndpoint({
  name: 'payments.refund',
  domain: 'payments',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/refund/',
  surface: 'dashboard',
  spec: 'spec',
  access: staffOnly('payments.refund'),
  summary: 'Reembolsar a la tarjeta un pago con tarjeta',
  params: uuidParams('id'),
  body: refundCardSchema,
  response: payinReversalSchema,
  status: 201,
  idempotencyKey: 'required',
  notFound: 'No encontramos este cobro.',
});

export const CORRECTION_ENDPOINTS = [voidPayin, refundCard] as const;
