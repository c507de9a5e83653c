import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { staffInvitations } from '../schema';

/**
 * The only code that reads or writes `staff_invitations` (one-time set-password links,
 * invitations and password resets, kept as the token's hash). Nothing outside enrolment
 * follows them: no events.
 */
export type InvitationRow = typeof staffInvitations.$inferSelect;
export type NewInvitation = Pick<
  InvitationRow,
  'userId' | 'tokenHash' | 'purpose' | 'expiresAt' | 'createdBy'
>;

export async function insertInvitation(tx: Executor, invitation: NewInvitation): Promise<void> {
  await tx.insert(staffInvitations).values(invitation);
}

/** The invitation behind a token, locked: two tabs cannot both use it. */
export async function lockInvitationByTokenHash(
  tx: Executor,
  tokenHash: string,
): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export function invitationsOf(db: Executor, userId: string): Promise<InvitationRow[]> {
  return db.select().from(staffInvitations).where(eq(staffInvitations.userId, userId));
}

export async function markInvitationUsed(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.update(staffInvitations).set({ usedAt: now }).where(eq(staffInvitations.id, id));
}

/** The user's links still open, of any purpose, stop working now (a password was just set). */
export async function closeOpenInvitations(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx
    .update(staffInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(staffInvitations.userId, userId),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
}
