import { UNKNOWN_SCHOOL } from '@cuota/contracts/enrolment/endpoints/schools';
import type { Call } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import type { EnrolmentDb } from '../enrolment-db';
import { schoolsOfGuardian } from '../guardians/guardian-directory';
import { isPublicSchool } from './school-repository';

/** A school that anyone may see (store pickers, logo, sign-up); else 404. */
export async function requirePublicSchool(db: EnrolmentDb, schoolId: string): Promise<void> {
  if (!(await isPublicSchool(db, schoolId))) throw notFound(UNKNOWN_SCHOOL);
}

/** The caller of an endpoint, as handlers receive it. */
type Caller = Pick<Call<AnyEndpoint>, 'caller' | 'requireStaffOf'>;

/**
 * Reads of a school's public face, for endpoints defined with `publicOrMembers` or
 * `familyOrStaff`: staff of the school holding the endpoint's permission, or a guardian with
 * a dependent there; with `visitors`, anyone while the school is public. Anyone else: 404,
 * with `unknown` when the school was learnt from a record (so it looks absent, not hidden).
 */
export async function authorizeSchoolRead(
  db: EnrolmentDb,
  call: Caller,
  schoolId: string,
  { visitors = false, unknown = UNKNOWN_SCHOOL }: { visitors?: boolean; unknown?: string } = {},
): Promise<void> {
  if (visitors && (await isPublicSchool(db, schoolId))) return;
  const { caller } = call;
  if (caller.kind === 'staff') {
    call.requireStaffOf(schoolId, unknown);
    return;
  }
  if (caller.kind === 'guardian') {
    const mine = await schoolsOfGuardian(db, caller.guardian_id);
    if (mine.some((s) => s.id === schoolId)) return;
  }
  throw notFound(unknown);
}
