import { and, asc, eq } from 'drizzle-orm';
import type { SchoolKind, SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type {
  MembershipDetail,
  MyMembership,
  Organization,
} from '@cuota/contracts/enrolment/memberships';
import type { Executor } from '@cuota/messaging/transaction';
import { schoolLogos, schools, staffMemberships, staffUsers } from '../schema';
import { logoPath } from '../schools/school-rules';
import { effectivePermissions, storedGrant } from '../staff/membership-grant';

export const UNKNOWN_MEMBERSHIP = 'No encontramos esta membresía.';

/** A membership's own fields as answered: role, effective list, whether it is explicit. */
function grantFields(row: { role: string; permissions: string[] | null }) {
  const grant = storedGrant(row);
  return {
    role: grant.role,
    permissions: effectivePermissions(grant),
    custom_permissions: grant.permissions !== null,
  };
}

/**
 * The user's memberships in force (a suspended one grants nothing, so it is not listed), read
 * from the database rather than the token, by school name.
 */
export async function myMemberships(db: Executor, userId: string): Promise<MyMembership[]> {
  const rows = await db
    .select({
      id: staffMemberships.id,
      school_id: schools.id,
      school_name: schools.name,
      role: staffMemberships.role,
      permissions: staffMemberships.permissions,
    })
    .from(staffMemberships)
    .innerJoin(schools, eq(schools.id, staffMemberships.schoolId))
    .where(and(eq(staffMemberships.userId, userId), eq(staffMemberships.active, true)))
    .orderBy(asc(schools.name), asc(schools.id));
  return rows.map(({ role, permissions, ...row }) => ({
    ...row,
    ...grantFields({ role, permissions }),
  }));
}

/** The schools of the user's memberships in force: what a school switcher lists. */
export async function organizationsOf(db: Executor, userId: string): Promise<Organization[]> {
  const rows = await db
    .select({ school: schools, logoImageId: schoolLogos.imageId })
    .from(staffMemberships)
    .innerJoin(schools, eq(schools.id, staffMemberships.schoolId))
    .leftJoin(schoolLogos, eq(schoolLogos.schoolId, schools.id))
    .where(and(eq(staffMemberships.userId, userId), eq(staffMemberships.active, true)))
    .orderBy(asc(schools.name), asc(schools.id));
  return rows.map(({ school, logoImageId }) => ({
    id: school.id,
    name: school.name,
    kind: school.kind as SchoolKind,
    status: school.status as SchoolStatus,
    logo_url: logoImageId ? logoPath(school.id, logoImageId) : null,
  }));
}

/** Where a membership id points: its school and member (null when it does not exist). */
export async function membershipKey(
  db: Executor,
  id: string,
): Promise<{ schoolId: string; userId: string } | null> {
  const [row] = await db
    .select({ schoolId: staffMemberships.schoolId, userId: staffMemberships.userId })
    .from(staffMemberships)
    .where(eq(staffMemberships.id, id));
  return row ?? null;
}

export async function membershipDetail(db: Executor, id: string): Promise<MembershipDetail | null> {
  const [row] = await db
    .select({ membership: staffMemberships, name: staffUsers.name, email: staffUsers.email })
    .from(staffMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, staffMemberships.userId))
    .where(eq(staffMemberships.id, id));
  if (!row) return null;
  const { membership: m } = row;
  return {
    id: m.id,
    user_id: m.userId,
    school_id: m.schoolId,
    name: row.name,
    email: row.email,
    ...grantFields(m),
    active: m.active,
    updated_at: m.updatedAt.toISOString(),
  };
}
