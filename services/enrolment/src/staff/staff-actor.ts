import type { MembershipGrant } from '@cuota/contracts/access/permissions';
import { UNKNOWN_ADMIN } from '@cuota/contracts/enrolment/endpoints/staff';
import type { Executor } from '@cuota/messaging/transaction';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { membershipOf, type MembershipRow } from '../memberships/membership-repository';
import { checkStaffChange, type Actor } from './admin-rules';
import { storedGrant } from './membership-grant';

export const NOT_STAFF_ANYMORE = 'Ya no formas parte del personal de esta escuela.';

/**
 * The caller's membership as stored now, which must be in force: staff changes never trust
 * a token that may predate a demotion or a suspension (ADR 0007).
 */
export async function actorIn(tx: Executor, schoolId: string, userId: string): Promise<Actor> {
  const row = await membershipOf(tx, schoolId, userId);
  if (!row?.active) throw forbidden(NOT_STAFF_ANYMORE);
  return { userId, grant: storedGrant(row) };
}

/** The member's row, locked until the transaction ends (two admins cannot race on it). */
export async function lockedMember(
  tx: Executor,
  schoolId: string,
  userId: string,
  unknown = UNKNOWN_ADMIN,
): Promise<MembershipRow> {
  const row = await membershipOf(tx, schoolId, userId, { lock: true });
  if (!row) throw notFound(unknown);
  return row;
}

/**
 * The member's grant as stored and after `change`, once the actor may make the change
 * (rules 2 and 4 of docs/permissions.md).
 */
export function checkedGrantChange(
  actor: Actor,
  member: MembershipRow,
  change: Partial<MembershipGrant>,
): { before: MembershipGrant; after: MembershipGrant } {
  const before = storedGrant(member);
  const after = { ...before, ...change };
  checkStaffChange(actor, member.userId, before, after);
  return { before, after };
}
