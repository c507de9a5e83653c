import { BILLING_PLANNED_ROWS } from '../billing/planned-rows';
import { IDENTITY_PLANNED_ROWS } from '../identity/planned-rows';
import { INVOICING_PLANNED_ROWS } from '../invoicing/planned-rows';
import { NOTIFICATIONS_PLANNED_ROWS } from '../notifications/planned-rows';
import { PAYMENTS_PLANNED_ROWS } from '../payments/planned-rows';
import type { PlannedRow } from '@cuota/contracts/http/planned-row';

/**
 * Every row of the specification nobody serves yet. Read only by the OpenAPI document (as
 * 501), the BFF's 501 answer and the spec check; dependency-cruiser refuses any other reader
 * (ADR 0027).
 */
export const ALL_PLANNED_ROWS: readonly PlannedRow[] = [
  ...BILLING_PLANNED_ROWS,
  ...PAYMENTS_PLANNED_ROWS,
  ...INVOICING_PLANNED_ROWS,
  ...NOTIFICATIONS_PLANNED_ROWS,
  ...IDENTITY_PLANNED_ROWS,
];
