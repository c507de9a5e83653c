import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { SchoolAdmin } from '@cuota/contracts/enrolment/staff';
import type { PageQuery } from '@cuota/contracts/common/pagination';
import type { Executor } from '@cuota/messaging/transaction';
import { spanishOrder } from '@cuota/service-runtime/db/spanish-order';
import { staffInvitations, staffMemberships, staffUsers } from '../schema';
import { effectivePermissions, storedGrant } from './membership-grant';

/**
 * A school's staff as people: memberships with their users and whether an invitation is
 * pending. Reads only; each table is written through its own repository.
 */

/**
 * The user was invited and has never set a password (no link of theirs, invitation or reset,
 * was used); an expired one still counts, so the dashboard offers to re-send it (ADR 0013).
 */
const invitationPending = sql<boolean>`(exists (
  select 1 from ${staffInvitations}
  where ${staffInvitations.userId} = ${staffUsers.id} and ${staffInvitations.purpose} = 'invitation')
  and not exists (
  select 1 from ${staffInvitations}
  where ${staffInvitations.userId} = ${staffUsers.id} and ${staffInvitations.usedAt} is not null))`;

const adminColumns = {
  id: staffUsers.id,
  schoolId: staffMemberships.schoolId,
  name: staffUsers.name,
  email: staffUsers.email,
  role: staffMemberships.role,
  permissions: staffMemberships.permissions,
  membershipId: staffMemberships.id,
  active: staffMemberships.active,
  invitationPending,
  createdAt: staffMemberships.createdAt,
};

type AdminRow = {
  id: string;
  schoolId: string;
  name: string;
  email: string;
  role: string;
  permissions: string[] | null;
  membershipId: string;
  active: boolean;
  invitationPending: boolean;
  createdAt: Date;
};

function toAdmin(row: AdminRow): SchoolAdmin {
  const grant = storedGrant(row);
  return {
    id: row.id,
    school_id: row.schoolId,
    name: row.name,
    email: row.email,
    role: grant.role,
    permissions: effectivePermissions(grant),
    custom_permissions: grant.permissions != null,
    membership_id: row.membershipId,
    active: row.active,
    invitation_pending: Boolean(row.invitationPending),
    created_at: row.createdAt.toISOString(),
  };
}

function adminsWhere(db: Executor, where: SQL | undefined) {
  return db
    .select(adminColumns)
    .from(staffMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, staffMemberships.userId))
    .where(where);
}

/** One member of the school's staff, or null (another school's member is unknown here). */
export async function adminOf(
  db: Executor,
  schoolId: string,
  userId: string,
): Promise<SchoolAdmin | null> {
  const [row] = await adminsWhere(
    db,
    and(eq(staffMemberships.schoolId, schoolId), eq(staffMemberships.userId, userId)),
  );
  return row ? toAdmin(row) : null;
}

export async function adminByEmail(
  db: Executor,
  schoolId: string,
  email: string,
): Promise<SchoolAdmin | null> {
  const [row] = await adminsWhere(
    db,
    and(
      eq(staffMemberships.schoolId, schoolId),
      eq(sql`lower(${staffUsers.email})`, email.toLowerCase()),
    ),
  );
  return row ? toAdmin(row) : null;
}

export interface AdminFilter extends PageQuery {
  search?: string;
  role?: StaffRole;
}

/** The school's staff by name, searched and paged in SQL (staff_memberships_school_idx). */
export async function listAdmins(db: Executor, schoolId: string, filter: AdminFilter) {
  const conditions: SQL[] = [eq(staffMemberships.schoolId, schoolId)];
  if (filter.role) conditions.push(eq(staffMemberships.role, filter.role));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(staffUsers.name, pattern), ilike(staffUsers.email, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    adminsWhere(db, where)
      .orderBy(spanishOrder(staffUsers.name), asc(staffUsers.id))
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size),
    db
      .select({ n: count() })
      .from(staffMemberships)
      .innerJoin(staffUsers, eq(staffUsers.id, staffMemberships.userId))
      .where(where),
  ]);
  return {
    count: total?.n ?? 0,
    page: filter.page,
    page_size: filter.page_size,
    results: rows.map(toAdmin),
  };
}

/**
 * A member in force of the school, found by e-mail, with the user's row locked until the
 * transaction ends (re-sending their invitation must not race with redeeming one).
 */
export async function lockActiveMemberByEmail(tx: Executor, schoolId: string, email: string) {
  const [member] = await tx
    .select({
      userId: staffUsers.id,
      name: staffUsers.name,
      role: staffMemberships.role,
      permissions: staffMemberships.permissions,
    })
    .from(staffMemberships)
    .innerJoin(staffUsers, eq(staffUsers.id, staffMemberships.userId))
    .where(
      and(
        eq(staffMemberships.schoolId, schoolId),
        eq(staffMemberships.active, true),
        eq(sql`lower(${staffUsers.email})`, email.toLowerCase()),
      ),
    )
    .for('update', { of: staffUsers });
  return member ?? null;
}
