import { plannedRows } from '@cuota/contracts/http/planned-row';

/**
 * The rows of the specification's billing domain nobody serves yet (ADR 0027): the BFF answers
 * them 501 «Esta función aún no está disponible.» and the reference lists them as such. A row
 * leaves this list when its issue builds it as a definition, with its access and schemas.
 * The store's rows left with ADR 0062; none remain.
 */
export const BILLING_PLANNED_ROWS = plannedRows('billing', {});
