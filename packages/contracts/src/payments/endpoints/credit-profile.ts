import { familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  creditProfileInputSchema,
  creditProfileQuerySchema,
  creditProfileSchema,
  markPaymentBlockedSchema,
} from '../credit-profile';

/**
 * A family's credit profile in one school (ADR 0036 "risk"): the school names itself in the
 * query or body, so access is decided there; a guardian with no student there is a 404.
 */
const ofGuardian = {
  domain: 'payments',
  path: '/backoffice/guardians/{id}/credit_profile/',
  surface: 'internal',
  spec: 'spec',
  params: uuidParams('id'),
  response: creditProfileSchema,
  notFound: 'No encontramos a este tutor en la escuela.',
} as const;

export const getCreditProfile = defineEndpoint({
  ...ofGuardian,
  name: 'payments.credit-profile.get',
  method: 'GET',
  access: staffOnly('payments.read'),
  summary: 'Consultar el perfil crediticio de un tutor',
  query: creditProfileQuerySchema,
});

/** Setting it is as weighty as a refund: who may give money back may refuse cards. */
export const setCreditProfile = defineEndpoint({
  ...ofGuardian,
  name: 'payments.credit-profile.set',
  method: 'POST',
  access: staffOnly('payments.refund'),
  summary: 'Registrar el perfil crediticio de un tutor',
  body: creditProfileInputSchema,
});

/**
 * A card payment marked as blocked makes its family high_risk in the payment's school, so
 * its cards are refused from then on (ADR 0036 "risk"). A family marks only its own payments
 * (the portal, when the gateway answers blocked); staff, who may refund, any of the school's.
 */
export const markPaymentAsBlocked = defineEndpoint({
  name: 'payments.payments.mark-blocked',
  domain: 'payments',
  method: 'POST',
  path: '/api/v1/payments_v2/mark_payment_as_blocked/',
  surface: 'portal',
  spec: 'spec',
  access: familyOrStaff('payments.refund'),
  summary: 'Marcar un pago como bloqueado',
  body: markPaymentBlockedSchema,
  response: creditProfileSchema,
  notFound: 'No encontramos este cobro.',
});

export const CREDIT_PROFILE_ENDPOINTS = [getCreditProfile, setCreditProfile, markPaymentAsBlocked];
