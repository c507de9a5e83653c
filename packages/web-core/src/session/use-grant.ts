import { grants, type Permission } from '@cuota/contracts/access/permissions';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';

/**
 * Whether the signed-in staff member may do `permission` in the school being worked on:
 * the BFF's own rule (`grants`) over the membership the session carries, so a screen
 * disables exactly what the BFF would refuse.
 */
export function useGrant(permission: Permission): boolean {
  const { membership } = useCurrentSchool();
  return membership !== null && grants(membership, permission);
}
