import { familyOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  cardSubscriptionListSchema,
  cardSubscriptionSchema,
  createCardSubscriptionSchema,
} from '../card-subscriptions';
import { FAMILY_READ_PATHS } from '@cuota/contracts/http/family-read-paths';

/** A family pays its subscriptions' months with a card kept by Kushki (ADR 0070). */
const cardSubscriptions = {
  domain: 'payments',
  surface: 'portal',
  access: familyOnly(),
  spec: { capability: 'Suscripciones: «Pagar con tarjeta cada mes» (cargos recurrentes).' },
} as const;

export const listCardSubscriptions = defineEndpoint({
  ...cardSubscriptions,
  name: 'payments.card-subscriptions.list',
  method: 'GET',
  path: FAMILY_READ_PATHS.cardSubscriptions,
  summary: 'Las tarjetas con que la familia paga sus suscripciones, con sus cargos',
  params: uuidParams('id'),
  response: cardSubscriptionListSchema,
});

export const createCardSubscription = defineEndpoint({
  ...cardSubscriptions,
  name: 'payments.card-subscriptions.create',
  method: 'POST',
  path: FAMILY_READ_PATHS.cardSubscriptions,
  summary: 'Pagar una suscripción con tarjeta cada mes',
  params: uuidParams('id'),
  body: createCardSubscriptionSchema,
  response: cardSubscriptionSchema,
  status: 201,
  // The billing subscription is the natural key: a retry answers the card already kept.
  idempotencyKey: 'optional',
});

export const cancelCardSubscription = defineEndpoint({
  ...cardSubscriptions,
  name: 'payments.card-subscriptions.delete',
  method: 'DELETE',
  path: '/api/v1/schools/{school}/card_subscriptions/{id}/',
  summary: 'Dejar de pagar una suscripción con tarjeta',
  params: uuidParams('school', 'id'),
  response: cardSubscriptionSchema,
  notFound: 'Esta suscripción no se paga con tarjeta.',
});

export const CARD_SUBSCRIPTION_ENDPOINTS = [
  listCardSubscriptions,
  createCardSubscription,
  cancelCardSubscription,
] as const;
