import { z } from 'zod';
import { familyOnly, familyOrStaff, gatewayWebhook } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  cardFormSettingsSchema,
  checkoutSchema,
  paymentStatusSchema,
} from '@cuota/contracts/payments/checkout';
import { FAMILY_READ_PATHS } from '@cuota/contracts/http/family-read-paths';

/**
 * A family pays selected orders by card. Answers 202 with the pending payment; the signed
 * webhook settles it (never the browser). A declined card answers 402 in Spanish and changes
 * no order.
 */
export const checkout = defineEndpoint({
  name: 'payments.checkout',
  method: 'POST',
  path: '/api/v1/payments_v2/checkout/',
  domain: 'payments',
  surface: 'portal',
  access: familyOnly(),
  summary: 'Pagar con tarjeta los conceptos seleccionados',
  spec: 'spec',
  body: checkoutSchema,
  response: paymentStatusSchema,
  status: 202,
  idempotencyKey: 'required',
});

export const paymentStatus = defineEndpoint({
  name: 'payments.payment-status',
  method: 'GET',
  path: '/api/v1/payments_v2/payment-status/{id}/',
  domain: 'payments',
  surface: 'portal',
  access: familyOrStaff('payments.read'),
  summary: 'Estado de un pago',
  spec: 'spec',
  params: uuidParams('id'),
  response: paymentStatusSchema,
  notFound: 'No encontramos este pago.',
});

/**
 * The gateway's signed notification (mexico.md §3.9): verified over the raw body, idempotent
 * by the charge's ticket number.
 */
export const checkoutNotification = defineEndpoint({
  name: 'payments.kushki.notification',
  method: 'POST',
  path: '/api/v1/kushki_checkout/notifications/',
  domain: 'payments',
  surface: 'webhook',
  access: gatewayWebhook(),
  summary: 'Notificación firmada de la pasarela sobre un cobro con tarjeta',
  spec: 'spec',
  bodyType: 'raw',
  response: z.object({ received: z.literal(true) }),
});

/**
 * The gateway's signed notification of a subscription's recurring card charge (ADR 0045):
 * verified as the card notification, recorded once per ticket, the charge paying that
 * month's order of the subscription.
 */
export const subscriptionNotification = defineEndpoint({
  name: 'payments.kushki.subscription-notification',
  method: 'POST',
  path: '/api/v1/subscriptions/notifications/',
  domain: 'payments',
  surface: 'webhook',
  access: gatewayWebhook(),
  summary: 'Notificación de la pasarela sobre una suscripción',
  spec: 'spec',
  bodyType: 'raw',
  response: z.object({ received: z.literal(true) }),
});

/**
 * Where the portal frames the gateway's hosted card form for a school: the form's address and
 * the school's public merchant id (browser-side, not a secret). Payments knows both per school
 * (the environment by use_kushki_sandbox). The school's families and staff may ask; 409 when
 * the school takes no cards.
 */
export const cardFormSettings = defineEndpoint({
  name: 'payments.card-form.get',
  method: 'GET',
  path: FAMILY_READ_PATHS.cardForm,
  domain: 'payments',
  surface: 'portal',
  access: familyOrStaff('payments.read'),
  summary: 'Dirección del formulario de tarjeta de la pasarela para la escuela',
  spec: { capability: 'El portal enmarca el formulario de tarjeta de la pasarela (ADR 0016).' },
  params: uuidParams('id'),
  response: cardFormSettingsSchema,
  notFound: 'No encontramos esta escuela.',
});

export const CHECKOUT_ENDPOINTS = [
  checkout,
  paymentStatus,
  checkoutNotification,
  subscriptionNotification,
  cardFormSettings,
] as const;
