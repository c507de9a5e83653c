import type { Executor } from '@cuota/messaging/transaction';
import {
  activeOwnerCount,
  deleteMembership,
  type MembershipRow,
} from '../memberships/membership-repository';
import { checkOwnersLeft, checkStaffChange, type Actor } from './admin-rules';
import { storedGrant } from './membership-grant';

/** Removes the membership; the user (and their other schools) stays. */
export async function removeAdmin(
  tx: Executor,
  member: MembershipRow,
  actor: Actor,
): Promise<void> {
  const before = storedGrant(member);
  checkStaffChange(actor, member.userId, before, null);
  checkOwnersLeft(await activeOwnerCount(tx, member.schoolId), before, null);
  await deleteMembership(tx, member, actor.userId);
}
