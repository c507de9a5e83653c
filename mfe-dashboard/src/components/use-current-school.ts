import { permissionsOf, type Permission } from '@cuota/contracts/enrolment/permissions';
import { useCurrentUserQuery } from '../features/school/api/school-api';
import { useCurrentMembership } from './section-navigation';

/** The school the member is working on, and whether their membership grants a permission. */
export function useCurrentSchool() {
  const me = useCurrentUserQuery();
  const membership = useCurrentMembership(me.data?.memberships ?? []);
  const granted = membership ? permissionsOf(membership) : [];
  return {
    schoolId: membership?.school_id,
    loading: me.isLoading,
    can: (permission: Permission) => granted.includes(permission),
  };
}
