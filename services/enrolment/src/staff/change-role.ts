import type { MembershipGrant } from '@cuota/contracts/access/permissions';
import type { UpdateAdmin } from '@cuota/contracts/enrolment/staff';
import type { Executor } from '@cuota/messaging/transaction';
import {
  activeOwnerCount,
  saveRole,
  type MembershipRow,
} from '../memberships/membership-repository';
import { checkOwnersLeft, checkStaffChange, type Actor } from './admin-rules';
import { storedGrant } from './membership-grant';

/** Answers the member's row after it (a later change in the transaction reads it). */
export async function changeRole(
  tx: Executor,
  member: MembershipRow,
  input: UpdateAdmin,
  actor: Actor,
): Promise<MembershipRow> {
  const before = storedGrant(member);
  const after: MembershipGrant = { role: input.role, permissions: before.permissions };
  checkStaffChange(actor, member.userId, before, after);
  checkOwnersLeft(await activeOwnerCount(tx, member.schoolId), before, after);
  if (before.role === after.role) return member;
  return saveRole(tx, member, input.role, actor.userId);
}
