import { UNKNOWN_MEMBERSHIP } from '@cuota/contracts/enrolment/endpoints/memberships';
import type { UpdateMembership } from '@cuota/contracts/enrolment/memberships';
import type { Executor } from '@cuota/messaging/transaction';
import { changePermissions } from '../staff/change-permissions';
import { changeRole } from '../staff/change-role';
import { actorIn, lockedMember } from '../staff/staff-actor';
import { checkOwnersLeft, checkStaffChange, type Actor } from '../staff/admin-rules';
import { storedGrant } from '../staff/membership-grant';
import { activeOwnerCount, saveActive, type MembershipRow } from './membership-repository';

/**
 * Suspends or reactivates a membership. Suspending is treated like removing it (rules 2, 3
 * and 4 of docs/permissions.md): nobody suspends themselves, only an owner suspends an owner or
 * a manager of staff, and the school keeps an owner in force.
 */
async function changeActive(
  tx: Executor,
  member: MembershipRow,
  active: boolean,
  actor: Actor,
): Promise<void> {
  const grant = storedGrant(member);
  checkStaffChange(actor, member.userId, grant, active ? grant : null);
  if (member.active === active) return;
  if (!active) checkOwnersLeft(await activeOwnerCount(tx, member.schoolId), grant, null);
  await saveActive(tx, member, active, actor.userId);
}

/**
 * PATCH /backoffice/memberships/{id}/: role, explicit permissions and/or active, in one
 * transaction, through the same commands and rules as the admins endpoints. The caller's
 * membership in the school, as stored now, must be in force.
 */
export async function updateMembership(
  tx: Executor,
  target: Pick<MembershipRow, 'schoolId' | 'userId'>,
  input: UpdateMembership,
  callerId: string,
): Promise<void> {
  const actor = await actorIn(tx, target.schoolId, callerId);
  let member = await lockedMember(tx, target.schoolId, target.userId, UNKNOWN_MEMBERSHIP);
  if (input.role !== undefined) member = await changeRole(tx, member, { role: input.role }, actor);
  if (input.permissions !== undefined)
    member = await changePermissions(tx, member, { permissions: input.permissions }, actor);
  if (input.active !== undefined) await changeActive(tx, member, input.active, actor);
}
