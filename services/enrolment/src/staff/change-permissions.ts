import type { MembershipGrant } from '@cuota/contracts/access/permissions';
import type { UpdateAdminPermissions } from '@cuota/contracts/enrolment/staff';
import type { Executor } from '@cuota/messaging/transaction';
import { savePermissions, type MembershipRow } from '../memberships/membership-repository';
import { checkStaffChange, type Actor } from './admin-rules';
import { storedGrant } from './membership-grant';

/** Answers the member's row after it (a later change in the transaction reads it). */
export async function changePermissions(
  tx: Executor,
  member: MembershipRow,
  input: UpdateAdminPermissions,
  actor: Actor,
): Promise<MembershipRow> {
  const before = storedGrant(member);
  const after: MembershipGrant = { role: before.role, permissions: input.permissions };
  checkStaffChange(actor, member.userId, before, after);
  return savePermissions(tx, member, input.permissions, actor.userId);
}
