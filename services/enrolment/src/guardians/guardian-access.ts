import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import { UNKNOWN_GUARDIAN } from '@cuota/contracts/enrolment/endpoints/guardians';
import type { Executor } from '@cuota/messaging/transaction';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { Caller } from '../caller';
import { schoolIdsOfGuardian } from './guardian-repository';
import { staffSchoolOfGuardian } from './guardian-rules';

/** Staff reach a guardian through one of the guardian's schools (the one checked). */
export type GuardianActor =
  { kind: 'staff'; userId: string; schoolId: string } | { kind: 'guardian' };

/**
 * The guardian themself, or staff of one of the guardian's schools holding the endpoint's
 * permission there (403 without it). Anyone else gets the 404 of an unknown id.
 */
export async function authorizeGuardian(
  db: Executor,
  call: Caller,
  endpoint: AnyEndpoint,
  guardianId: string,
): Promise<GuardianActor> {
  const { caller } = call;
  if (caller.kind === 'guardian') {
    if (caller.guardian_id !== guardianId) throw notFound(UNKNOWN_GUARDIAN);
    return { kind: 'guardian' };
  }
  if (caller.kind !== 'staff') throw notFound(UNKNOWN_GUARDIAN);
  const schoolId = staffSchoolOfGuardian(
    caller.memberships,
    await schoolIdsOfGuardian(db, guardianId),
    endpoint.access,
  );
  if (!schoolId) throw notFound(UNKNOWN_GUARDIAN);
  const staff = call.requireStaffOf(schoolId, UNKNOWN_GUARDIAN);
  return { kind: 'staff', userId: staff.user_id, schoolId };
}
