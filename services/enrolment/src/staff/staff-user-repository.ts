import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { anyColumnChanges, definedChanges } from '@cuota/service-runtime/db/changes';
import { staffUsers } from '../schema';

/**
 * The only code that reads or writes `staff_users` alone (who a staff member is and how they
 * sign in). What they may do is their memberships' (memberships/membership-repository.ts);
 * no other domain keeps staff users, so these writes publish nothing.
 */
export type StaffUserRow = typeof staffUsers.$inferSelect;
export type NewStaffUser = Pick<StaffUserRow, 'name' | 'email' | 'passwordHash'> &
  Partial<Pick<StaffUserRow, 'platformOperator'>>;
export type StaffUserChanges = Partial<Pick<StaffUserRow, 'name' | 'phone' | 'passwordHash'>>;

/** `lock` holds the row until the transaction ends (a password change reads, then writes). */
export async function staffUserById(
  db: Executor,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<StaffUserRow | null> {
  const query = db.select().from(staffUsers).where(eq(staffUsers.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** E-mails are compared without case (staff_users_email_uq is on lower(email)). */
export async function staffUserByEmail(db: Executor, email: string): Promise<StaffUserRow | null> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function insertStaffUser(tx: Executor, user: NewStaffUser): Promise<StaffUserRow> {
  const [row] = await tx.insert(staffUsers).values(user).returning();
  return row!;
}

/** Makes a user Cuota's platform operator, or no longer (`npm run operator`); null: no such e-mail. */
export async function setPlatformOperator(
  tx: Executor,
  email: string,
  platformOperator: boolean,
): Promise<StaffUserRow | null> {
  const [row] = await tx
    .update(staffUsers)
    .set({ platformOperator, updatedAt: new Date() })
    .where(eq(sql`lower(${staffUsers.email})`, email.toLowerCase()))
    .returning();
  return row ?? null;
}

export async function saveStaffUser(
  tx: Executor,
  id: string,
  changes: StaffUserChanges,
): Promise<void> {
  // Unchanged values leave the row (and its updated_at) as it is.
  const differs = anyColumnChanges(staffUsers, changes);
  if (!differs) return;
  await tx
    .update(staffUsers)
    .set({ ...definedChanges(changes), updatedAt: new Date() })
    .where(and(eq(staffUsers.id, id), differs));
}
