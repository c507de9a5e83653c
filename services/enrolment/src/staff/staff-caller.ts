import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { forbidden } from '@cuota/service-runtime/http/http-error';

export type StaffClaims = Extract<IdentityClaims, { kind: 'staff' }>;

/**
 * The caller of a staff-only endpoint. The mount already refused anyone else; this narrows
 * the type (and refuses, should a definition ever let another kind through).
 */
export function staffCaller(caller: IdentityClaims): StaffClaims {
  if (caller.kind !== 'staff') throw forbidden();
  return caller;
}
