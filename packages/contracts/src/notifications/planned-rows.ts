import { plannedRows } from '@cuota/contracts/http/planned-row';

/**
 * The rows of the specification's notifications domain nobody serves yet (ADR 0027): the BFF answers
 * them 501 «Esta función aún no está disponible.» and the reference lists them as such. A row
 * leaves this list when its issue builds it as a definition, with its access and schemas.
 * Slack's interaction left with ADR 0094; none remain.
 */
export const NOTIFICATIONS_PLANNED_ROWS = plannedRows('notifications', {});
