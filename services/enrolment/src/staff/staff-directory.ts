import type { StaffUserProfile } from '@cuota/contracts/enrolment/staff-users';
import type { StaffCredentials, StaffIdentity } from '@cuota/contracts/identity/sign-in';
import type { Executor } from '@cuota/messaging/transaction';
import { membershipsInForce, type SchoolMembership } from '../memberships/membership-repository';
import { effectivePermissions, storedGrant } from './membership-grant';
import { decoyHash, verifyPassword } from './password';
import { staffUserByEmail, staffUserById } from './staff-user-repository';

/** A membership as tokens carry it: the school, the role and the effective permissions. */
const asGranted = ({ school_id, school_name, role, permissions }: SchoolMembership) => {
  const grant = storedGrant({ role, permissions });
  return { school_id, school_name, role: grant.role, permissions: effectivePermissions(grant) };
};

/** A staff user with each membership's effective permissions (what the BFF signs into tokens). */
export async function staffIdentity(db: Executor, userId: string): Promise<StaffIdentity | null> {
  const user = await staffUserById(db, userId);
  if (!user) return null;
  const memberships = await membershipsInForce(db, userId);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    memberships: memberships.map(asGranted),
    ...(user.platformOperator && { platform_operator: true as const }),
  };
}

/** null for a wrong e-mail or a wrong password alike. */
export async function authenticateStaff(
  db: Executor,
  credentials: StaffCredentials,
): Promise<StaffIdentity | null> {
  const user = await staffUserByEmail(db, credentials.email);
  const ok = await verifyPassword(credentials.password, user?.passwordHash ?? (await decoyHash()));
  return user && ok ? staffIdentity(db, user.id) : null;
}

/**
 * GET /api/v1/users/{id}/: the user with their memberships in `schoolIds` (every school when
 * they read themself; only the schools the caller shares and may read the staff of otherwise).
 */
export async function staffUserProfile(
  db: Executor,
  userId: string,
  schoolIds: string[] | 'all',
): Promise<StaffUserProfile | null> {
  if (schoolIds !== 'all' && schoolIds.length === 0) return null;
  const user = await staffUserById(db, userId);
  if (!user) return null;
  const memberships = await membershipsInForce(
    db,
    userId,
    schoolIds === 'all' ? undefined : schoolIds,
  );
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    memberships: memberships.map(asGranted),
    created_at: user.createdAt.toISOString(),
  };
}
