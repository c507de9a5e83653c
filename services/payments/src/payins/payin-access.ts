import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { PayinRow } from './payin-repository';
import { UNKNOWN_PAYIN } from './payin-repository';

const UNKNOWN_SCHOOL = 'No encontramos esta escuela.';

/**
 * The family a caller may see payins of in a school: a guardian only their own (their
 * school, else 404); staff every family (the definition already checked their grant there).
 */
export function familyScope(caller: IdentityClaims, schoolId: string): string | undefined {
  if (caller.kind !== 'guardian') return undefined;
  if (!caller.school_ids.includes(schoolId)) throw notFound(UNKNOWN_SCHOOL);
  return caller.guardian_id;
}

/** A payin found by id is shown only to its family or its school's staff; others get 404. */
export function assertMayRead(
  caller: IdentityClaims,
  payin: PayinRow | null,
  requireStaffOf: (schoolId: string, unknown: string) => unknown,
  unknown = UNKNOWN_PAYIN,
): asserts payin is PayinRow {
  if (!payin) throw notFound(unknown);
  if (caller.kind === 'guardian') {
    if (payin.guardianId !== caller.guardian_id) throw notFound(unknown);
    return;
  }
  requireStaffOf(payin.schoolId, unknown);
}

/** A payin under a school's path: that school's, and the caller's family's for a guardian. */
export function assertInScope(
  payin: PayinRow | null,
  schoolId: string,
  family: string | undefined,
): asserts payin is PayinRow {
  if (!payin || payin.schoolId !== schoolId) throw notFound(UNKNOWN_PAYIN);
  if (family !== undefined && payin.guardianId !== family) throw notFound(UNKNOWN_PAYIN);
}
