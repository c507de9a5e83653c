import type { UpdateAdminPermissions } from '@cuota/contracts/enrolment/staff';
import type { Executor } from '@cuota/messaging/transaction';
import { savePermissions, type MembershipRow } from '../memberships/membership-repository';
import type { Actor } from './admin-rules';
import { checkedGrantChange } from './staff-actor';

/** Answers the member's row after it (a later change in the transaction reads it). */
export async function changePermissions(
  tx: Executor,
  member: MembershipRow,
  input: UpdateAdminPermissions,
  actor: Actor,
): Promise<MembershipRow> {
  checkedGrantChange(actor, member, { permissions: input.permissions });
  return savePermissions(tx, member, input.permissions, actor.userId);
}
