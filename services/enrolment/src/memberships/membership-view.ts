import type { MembershipDetail, MyMembership } from '@cuota/contracts/enrolment/memberships';
import { effectivePermissions, storedGrant } from '../staff/membership-grant';
import type { MembershipRow, SchoolMembership } from './membership-repository';

/** A membership's own fields as answered: role, effective list, whether it is explicit. */
function grantFields(row: { role: string; permissions: string[] | null }) {
  const grant = storedGrant(row);
  return {
    role: grant.role,
    permissions: effectivePermissions(grant),
    custom_permissions: grant.permissions !== null,
  };
}

export const toMyMembership = ({ role, permissions, ...row }: SchoolMembership): MyMembership => ({
  ...row,
  ...grantFields({ role, permissions }),
});

export const toMembershipDetail = (
  m: MembershipRow,
  user: { name: string; email: string },
): MembershipDetail => ({
  id: m.id,
  user_id: m.userId,
  school_id: m.schoolId,
  name: user.name,
  email: user.email,
  ...grantFields(m),
  active: m.active,
  updated_at: m.updatedAt.toISOString(),
});
