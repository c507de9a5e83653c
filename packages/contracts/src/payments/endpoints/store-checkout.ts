import { anyone } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { cardFormSettingsSchema } from '@cuota/contracts/payments/checkout';
import {
  storeCheckoutSchema,
  storeCheckoutStatusSchema,
} from '@cuota/contracts/payments/store-checkout';

/**
 * The store's checkout (ADR 0074): billing prices the cart and holds its stock, the card is
 * charged with the hosted form's token — or a SPEI reference or cash voucher is opened, the
 * stock held until it lapses (ADR 0106); the signed webhook settles it and commits the stock,
 * a decline or a lapsed reference releases it. Guests may buy (an e-mail), so anyone may call; a signed-in family
 * buys for its own students only.
 */
export const storeCheckout = defineEndpoint({
  name: 'payments.store-checkout.start',
  method: 'POST',
  path: '/api/v1/schools/{id}/store-checkout/',
  domain: 'payments',
  surface: 'store',
  access: anyone(),
  summary: 'Pagar con tarjeta, SPEI o efectivo los artículos del carrito de la tienda',
  spec: {
    capability:
      'Pago de la tienda en línea (issue 21): el carrito se cobra con tarjeta, SPEI o efectivo.',
  },
  params: uuidParams('id'),
  body: storeCheckoutSchema,
  response: storeCheckoutStatusSchema,
  status: 202,
  idempotencyKey: 'required',
  notFound: 'No encontramos esta escuela.',
});

/** The buyer follows its payment (the id is the unguessable one checkout answered). */
export const storeCheckoutStatus = defineEndpoint({
  name: 'payments.store-checkout.status',
  method: 'GET',
  path: '/api/v1/schools/{id}/store-checkout/{payment}/',
  domain: 'payments',
  surface: 'store',
  access: anyone(),
  summary: 'Estado del pago de una compra de la tienda',
  spec: { capability: 'La tienda muestra el resultado del pago con tarjeta.' },
  params: uuidParams('id', 'payment'),
  response: storeCheckoutStatusSchema,
  notFound: 'No encontramos este pago.',
});

/**
 * The store frames the same hosted card form as the portal, for guests too: the form's
 * address and the school's public merchant id are not secrets. 409 when it takes no cards.
 */
export const storeCardForm = defineEndpoint({
  name: 'payments.store-card-form.get',
  method: 'GET',
  path: '/api/v1/schools/{id}/store-card-form/',
  domain: 'payments',
  surface: 'store',
  access: anyone(),
  summary: 'Formulario de tarjeta de la pasarela para pagar en la tienda',
  spec: { capability: 'La tienda enmarca el formulario de tarjeta de la pasarela (ADR 0074).' },
  params: uuidParams('id'),
  response: cardFormSettingsSchema,
  notFound: 'No encontramos esta escuela.',
});

export const STORE_CHECKOUT_ENDPOINTS = [
  storeCheckout,
  storeCheckoutStatus,
  storeCardForm,
] as const;
