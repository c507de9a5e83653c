import type { UpdateAdmin } from '@cuota/contracts/enrolment/staff';
import type { Executor } from '@cuota/messaging/transaction';
import {
  activeOwnerCount,
  saveRole,
  type MembershipRow,
} from '../memberships/membership-repository';
import { checkOwnersLeft, type Actor } from './admin-rules';
import { checkedGrantChange } from './staff-actor';

/** Answers the member's row after it (a later change in the transaction reads it). */
export async function changeRole(
  tx: Executor,
  member: MembershipRow,
  input: UpdateAdmin,
  actor: Actor,
): Promise<MembershipRow> {
  const { before, after } = checkedGrantChange(actor, member, { role: input.role });
  checkOwnersLeft(await activeOwnerCount(tx, member.schoolId), before, after);
  if (before.role === after.role) return member;
  return saveRole(tx, member, input.role, actor.userId);
}
