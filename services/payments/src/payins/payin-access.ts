import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { studentIdsOfGuardian } from '@cuota/student-directory/student-directory-repository';
import type { PayinFamily, PayinRow } from './payin-repository';
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

/**
 * A guardian's family in a school (docs/adr/0023): the payins they made, and those of the
 * students they are the billing guardian of or linked to — both parents see the family's.
 */
export async function familyOf(
  db: Executor,
  schoolId: string,
  guardianId: string,
): Promise<PayinFamily> {
  return { guardianId, studentIds: await studentIdsOfGuardian(db, schoolId, guardianId) };
}

/** What decides who may see a payin: its school, payer and students. */
type Ownership = Pick<PayinRow, 'schoolId' | 'guardianId' | 'studentIds'>;

const inFamily = (payin: Ownership, family: PayinFamily) =>
  payin.guardianId === family.guardianId ||
  payin.studentIds.some((id) => family.studentIds.includes(id));

/** A payin found by id is shown only to its family or its school's staff; others get 404. */
export async function assertMayRead(
  db: Executor,
  caller: IdentityClaims,
  payin: PayinRow | null,
  requireStaffOf: (schoolId: string, unknown: string) => unknown,
  unknown = UNKNOWN_PAYIN,
): Promise<PayinRow> {
  if (!payin) throw notFound(unknown);
  if (caller.kind === 'guardian') {
    const family = await familyOf(db, payin.schoolId, caller.guardian_id);
    if (!inFamily(payin, family)) throw notFound(unknown);
    return payin;
  }
  requireStaffOf(payin.schoolId, unknown);
  return payin;
}

/** A payin under a school's path: that school's, and the caller's family's for a guardian. */
export function assertInScope<P extends Ownership>(
  payin: P | null,
  schoolId: string,
  family: PayinFamily | undefined,
): asserts payin is P {
  if (!payin || payin.schoolId !== schoolId) throw notFound(UNKNOWN_PAYIN);
  if (family !== undefined && !inFamily(payin, family)) throw notFound(UNKNOWN_PAYIN);
}
