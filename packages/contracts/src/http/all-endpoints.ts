import { BILLING_ENDPOINTS } from '../billing/endpoints/billing-endpoints';
import { BILLING_PLANNED } from '../billing/planned-endpoints';
import { ENROLMENT_ENDPOINTS } from '../enrolment/endpoints/enrolment-endpoints';
import { IDENTITY_ENDPOINTS } from '../identity/endpoints';
import { IDENTITY_PLANNED } from '../identity/planned-endpoints';
import { INVOICING_ENDPOINTS } from '../invoicing/endpoints/invoicing-endpoints';
import { INVOICING_PLANNED } from '../invoicing/planned-endpoints';
import { NOTIFICATIONS_PLANNED } from '../notifications/planned-endpoints';
import { PAYMENTS_ENDPOINTS } from '../payments/endpoints/payments-endpoints';
import { PAYMENTS_PLANNED } from '../payments/planned-endpoints';
import type { AnyEndpoint } from './endpoint';

/**
 * Every HTTP endpoint of Cuota, one definition each: what the BFF routes and checks, what
 * each service mounts, what the web client calls and what /api/openapi.json documents.
 */
export const ALL_ENDPOINTS: readonly AnyEndpoint[] = [
  ...ENROLMENT_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...BILLING_PLANNED,
  ...PAYMENTS_ENDPOINTS,
  ...PAYMENTS_PLANNED,
  ...INVOICING_ENDPOINTS,
  ...INVOICING_PLANNED,
  ...NOTIFICATIONS_PLANNED,
  ...IDENTITY_ENDPOINTS,
  ...IDENTITY_PLANNED,
];
