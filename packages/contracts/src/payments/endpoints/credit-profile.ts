import { staffOnly } from '../../access/access';
import { defineEndpoint, uuidParams } from '../../http/endpoint';
import {
  creditProfileInputSchema,
  creditProfileQuerySchema,
  creditProfileSchema,
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

export const CREDIT_PROFILE_ENDPOINTS = [getCreditProfile, setCreditProfile];
