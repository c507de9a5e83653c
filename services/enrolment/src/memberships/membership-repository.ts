import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SchoolKind, SchoolStatus, StaffRole } from '@cuota/contracts/enrolment/entities';
import type { Organization } from '@cuota/contracts/enrolment/memberships';
import type { Permission } from '@cuota/contracts/access/permissions';
import { staffMembershipChangedV1 } from '@cuota/contracts/events/enrolment.staff.membership_changed.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { anyColumnChanges } from '@cuota/service-runtime/db/changes';
import { schoolLogos, schools, staffMemberships, staffUsers } from '../schema';
import { logoPath } from '../schools/school-rules';
import { storedGrant } from '../staff/membership-grant';

/**
 * The only code that writes `staff_memberships` (who may do what in which school), and the
 * reads the memberships answer. Every write enqueues enrolment.staff.membership_changed (the
 * audit trail, with who changed it) in the caller's transaction.
 */
export type MembershipRow = typeof staffMemberships.$inferSelect;
export interface NewMembership {
  userId: string;
  schoolId: string;
  role: StaffRole;
  permissions: Permission[] | null;
}
type Change = 'role_changed' | 'permissions_changed' | 'deactivated' | 'reactivated';

const keyOf = (m: Pick<MembershipRow, 'schoolId' | 'userId'>) =>
  and(eq(staffMemberships.schoolId, m.schoolId), eq(staffMemberships.userId, m.userId));

/** `lock` holds the row until the transaction ends (two admins cannot race on a member). */
export async function membershipOf(
  db: Executor,
  schoolId: string,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<MembershipRow | null> {
  const query = db.select().from(staffMemberships).where(keyOf({ schoolId, userId }));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function membershipById(db: Executor, id: string): Promise<MembershipRow | null> {
  const [row] = await db.select().from(staffMemberships).where(eq(staffMemberships.id, id));
  return row ?? null;
}

/**
 * Owners in force, counted under lock: two owners cannot remove each other at once; a
 * suspended owner runs nothing and does not count.
 */
export async function activeOwnerCount(tx: Executor, schoolId: string): Promise<number> {
  const rows = await tx
    .select({ userId: staffMemberships.userId })
    .from(staffMemberships)
    .where(
      and(
        eq(staffMemberships.schoolId, schoolId),
        eq(staffMemberships.role, 'OWNER'),
        eq(staffMemberships.active, true),
      ),
    )
    .for('update');
  return rows.length;
}

/** The membership, unless the user already has one in the school (then null). */
export async function insertMembership(
  tx: Executor,
  membership: NewMembership,
  changedBy: string,
): Promise<MembershipRow | null> {
  const [row] = await tx
    .insert(staffMemberships)
    .values(membership)
    .onConflictDoNothing()
    .returning();
  if (row) await recordChange(tx, 'added', null, row, changedBy);
  return row ?? null;
}

export function saveRole(tx: Executor, member: MembershipRow, role: StaffRole, changedBy: string) {
  return update(tx, member, { role }, 'role_changed', changedBy);
}

/** null goes back to the role's defaults. */
export function savePermissions(
  tx: Executor,
  member: MembershipRow,
  permissions: Permission[] | null,
  changedBy: string,
) {
  return update(tx, member, { permissions }, 'permissions_changed', changedBy);
}

/** Suspends (false) or reactivates a membership: kept with its role and list either way. */
export function saveActive(
  tx: Executor,
  member: MembershipRow,
  active: boolean,
  changedBy: string,
) {
  return update(tx, member, { active }, active ? 'reactivated' : 'deactivated', changedBy);
}

/** Removes the membership; the user (and their other schools) stays. */
export async function deleteMembership(
  tx: Executor,
  member: MembershipRow,
  changedBy: string,
): Promise<void> {
  await tx.delete(staffMemberships).where(keyOf(member));
  await recordChange(tx, 'removed', member, null, changedBy);
}

async function update(
  tx: Executor,
  member: MembershipRow,
  changes: Partial<Pick<MembershipRow, 'role' | 'permissions' | 'active'>>,
  change: Change,
  changedBy: string,
): Promise<MembershipRow> {
  const differs = anyColumnChanges(staffMemberships, changes);
  if (!differs) return member;
  const [row] = await tx
    .update(staffMemberships)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(keyOf(member), differs))
    .returning();
  // Already so: nothing written, no event.
  if (!row) return member;
  await recordChange(tx, change, member, row, changedBy);
  return row;
}

/** `role`/`permissions` are the state after the change (null when removed). */
async function recordChange(
  tx: Executor,
  change: Change | 'added' | 'removed',
  before: MembershipRow | null,
  after: MembershipRow | null,
  changedBy: string,
): Promise<void> {
  const grant = after && storedGrant(after);
  await enqueueEvent(tx, staffMembershipChangedV1, {
    school_id: (after ?? before)!.schoolId,
    user_id: (after ?? before)!.userId,
    change,
    role: grant?.role ?? null,
    permissions: grant?.permissions ? [...grant.permissions] : null,
    previous_role: before ? storedGrant(before).role : null,
    changed_by: changedBy,
  });
}

/** A membership in force with its school's name (what the BFF signs into tokens). */
export interface SchoolMembership {
  id: string;
  school_id: string;
  school_name: string;
  role: string;
  permissions: string[] | null;
}

/**
 * The user's memberships in force (a suspended one grants nothing), by school name; only
 * those in `schoolIds` when given.
 */
export function membershipsInForce(
  db: Executor,
  userId: string,
  schoolIds?: string[],
): Promise<SchoolMembership[]> {
  return db
    .select({
      id: staffMemberships.id,
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
        schoolIds ? inArray(staffMemberships.schoolId, schoolIds) : undefined,
      ),
    )
    .orderBy(asc(schools.name), asc(schools.id));
}

/** Of `schoolIds`, those where the user is a member (suspended or not). */
export async function schoolsOfMember(
  db: Executor,
  userId: string,
  schoolIds: string[],
): Promise<string[]> {
  if (schoolIds.length === 0) return [];
  const rows = await db
    .select({ schoolId: staffMemberships.schoolId })
    .from(staffMemberships)
    .where(and(eq(staffMemberships.userId, userId), inArray(staffMemberships.schoolId, schoolIds)));
  return rows.map((r) => r.schoolId);
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

/** A membership with its member's name and e-mail (what the back office sees). */
export async function membershipWithUser(db: Executor, id: string) {
  const [row] = await db
    .select({ membership: staffMemberships, name: staffUsers.name, email: staffUsers.email })
    .from(staffMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, staffMemberships.userId))
    .where(eq(staffMemberships.id, id));
  return row ?? null;
}
