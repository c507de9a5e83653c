import { plannedRows } from '@cuota/contracts/http/planned-row';

/**
 * The rows of the specification's identity domain nobody serves yet (ADR 0027): the BFF answers
 * them 501 «Esta función aún no está disponible.» and the reference lists them as such. A row
 * leaves this list when its issue builds it as a definition, with its access and schemas.
 * Issue 20 served the last two (the app's sign-in and the external one).
 */
export const IDENTITY_PLANNED_ROWS = plannedRows('identity', {});
