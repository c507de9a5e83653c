import { BILLING_ENDPOINTS } from '../billing/endpoints/billing-endpoints';
import { ENROLMENT_ENDPOINTS } from '../enrolment/endpoints/enrolment-endpoints';
import { IDENTITY_ENDPOINTS } from '../identity/endpoints';
import { INVOICING_ENDPOINTS } from '../invoicing/endpoints/invoicing-endpoints';
import { NOTIFICATIONS_ENDPOINTS } from '../notifications/endpoints';
import { PAYMENTS_ENDPOINTS } from '../payments/endpoints/payments-endpoints';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';

/**
 * Every HTTP endpoint Cuota serves, one definition each: what the BFF routes and checks, what
 * each service mounts, what the web client calls and what /api/openapi.json documents. The
 * specification's rows not built yet are not here (all-planned-rows.ts, ADR 0027).
 */
export const ALL_ENDPOINTS: readonly AnyEndpoint[] = [
  ...ENROLMENT_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...PAYMENTS_ENDPOINTS,
  ...INVOICING_ENDPOINTS,
  ...NOTIFICATIONS_ENDPOINTS,
  ...IDENTITY_ENDPOINTS,
];
