import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StaffUserProfile } from '@cuota/contracts/enrolment/staff-users';
import type { StaffCredentials, StaffIdentity } from '@cuota/contracts/identity/sign-in';
import type { EnrolmentDb } from '../enrolment-db';
import { schools, staffMemberships, staffUsers } from '../schema';
import { effectivePermissions, storedGrant } from './membership-grant';
import { decoyHash, verifyPassword } from './password';

/** A staff user with each membership's effective permissions (what the BFF signs into tokens). */
export async function staffIdentity(
  db: EnrolmentDb,
  userId: string,
): Promise<StaffIdentity | null> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, userId));
  if (!user) return null;
  const memberships = await db
    .select({
      school_id: schools.id,
      school_name: schools.name,
      role: staffMemberships.role,
      permissions: staffMemberships.permissions,
    })
    .from(staffMemberships)
    .innerJoin(schools, eq(schools.id, staffMemberships.schoolId))
    // A suspended membership grants nothing: it leaves the tokens at the next refresh.
    .where(and(eq(staffMemberships.userId, userId), eq(staffMemberships.active, true)))
    .orderBy(schools.name);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    memberships: memberships.map((m) => {
      const grant = storedGrant(m);
      return { ...m, role: grant.role, permissions: effectivePermissions(grant) };
    }),
  };
}

/** null for a wrong e-mail or a wrong password alike. */
export async function authenticateStaff(
  db: EnrolmentDb,
  credentials: StaffCredentials,
): Promise<StaffIdentity | null> {
  const [user] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, credentials.email.toLowerCase()));
  const ok = await verifyPassword(credentials.password, user?.passwordHash ?? (await decoyHash()));
  return user && ok ? staffIdentity(db, user.id) : null;
}

/**
 * GET /api/v1/users/{id}/: the user with their memberships in `schoolIds` (every school when
 * they read themself; only the schools the caller shares and may read the staff of otherwise).
 */
export async function staffUserProfile(
  db: EnrolmentDb,
  userId: string,
  schoolIds: string[] | 'all',
): Promise<StaffUserProfile | null> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, userId));
  if (!user) return null;
  if (schoolIds !== 'all' && schoolIds.length === 0) return null;
  const memberships = await db
    .select({
      school_id: schools.id,
      school_name: schools.name,
      role: staffMemberships.role,
      permissions: staffMemberships.permissions,
    })
    .from(staffMemberships)
    .innerJoin(schools, eq(schools.id, staffMemberships.schoolId))
    .where(
      and(
        eq(staffMemberships.userId, userId),
        eq(staffMemberships.active, true),
        schoolIds === 'all' ? undefined : inArray(staffMemberships.schoolId, schoolIds),
      ),
    )
    .orderBy(schools.name);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    memberships: memberships.map((m) => {
      const grant = storedGrant(m);
      return { ...m, role: grant.role, permissions: effectivePermissions(grant) };
    }),
    created_at: user.createdAt.toISOString(),
  };
}
