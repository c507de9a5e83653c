import { platformOperator } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import {
  credentialsQuerySchema,
  gatewayCredentialListSchema,
  payinCredentialListSchema,
} from '../gateway-credentials';

/**
 * The platform operators' view of the schools' gateway merchants (ADR 0045): every school's,
 * so no school role may call it; the secrets are masked, never opened to answer.
 */
const operators = {
  domain: 'payments',
  surface: 'internal',
  method: 'GET',
  spec: 'spec',
  access: platformOperator(),
  query: credentialsQuerySchema,
} as const;

export const listGatewayCredentials = defineEndpoint({
  ...operators,
  name: 'payments.backoffice.gateway-credentials',
  path: '/backoffice/gateway_credentials/',
  summary: 'Listar credenciales de la pasarela',
  response: gatewayCredentialListSchema,
});

export const listPayinCredentials = defineEndpoint({
  ...operators,
  name: 'payments.backoffice.payin-credentials',
  path: '/backoffice/payin_credentials/',
  summary: 'Listar credenciales de cobro',
  response: payinCredentialListSchema,
});

export const GATEWAY_CREDENTIAL_ENDPOINTS = [listGatewayCredentials, listPayinCredentials];
