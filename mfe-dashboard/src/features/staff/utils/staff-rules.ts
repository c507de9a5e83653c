import { STAFF_ROLES, type StaffRole } from '@cuota/contracts/enrolment/entities';
import {
  grants,
  ROLE_PERMISSIONS,
  type MembershipGrant,
  type Permission,
} from '@cuota/contracts/access/permissions';

/**
 * docs/permissions.md's rules as the screen applies them, to disable what the member may
 * not do (enrolment enforces the same rules; this only avoids offering a refusal).
 */
export interface StaffActor {
  userId: string;
  grant: MembershipGrant;
}

const isOwner = (actor: StaffActor) => actor.grant.role === 'OWNER';
/** An owner, or a manager of staff: only an owner touches them. */
const isSensitive = (grant: MembershipGrant) =>
  grant.role === 'OWNER' || grants(grant, 'staff.write');

export function mayManage(actor: StaffActor, target: { id: string } & MembershipGrant): boolean {
  if (!grants(actor.grant, 'staff.write') || target.id === actor.userId) return false;
  return isOwner(actor) || !isSensitive(target);
}

/** Roles the actor may hand out: a non-owner cannot make an owner or a manager of staff. */
export function assignableRoles(actor: StaffActor): StaffRole[] {
  return STAFF_ROLES.filter((role) => isOwner(actor) || !isSensitive({ role }));
}

/** Permissions the actor may tick: staff.write only by an owner. */
export function mayGrant(actor: StaffActor, permission: Permission): boolean {
  return isOwner(actor) || permission !== 'staff.write';
}

/** Whether a list is exactly the role's defaults (then it is stored as "the role's"). */
export function isRoleDefault(role: StaffRole, permissions: readonly Permission[]): boolean {
  const defaults = ROLE_PERMISSIONS[role];
  return defaults.length === permissions.length && defaults.every((p) => permissions.includes(p));
}
