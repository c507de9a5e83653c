import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import {
  PERMISSIONS,
  permissionsOf,
  type MembershipGrant,
  type Permission,
} from '@cuota/contracts/access/permissions';

/** A membership as stored: the role, and the explicit list (null = the role's defaults). */
export function storedGrant(row: { role: string; permissions: string[] | null }): MembershipGrant {
  return {
    role: row.role as StaffRole,
    // A permission retired from the matrix is ignored, never an error.
    permissions: row.permissions ? PERMISSIONS.filter((p) => row.permissions!.includes(p)) : null,
  };
}

/** The effective list, in the matrix's order. */
export function effectivePermissions(grant: MembershipGrant): Permission[] {
  const granted = permissionsOf(grant);
  return PERMISSIONS.filter((p) => granted.includes(p));
}
