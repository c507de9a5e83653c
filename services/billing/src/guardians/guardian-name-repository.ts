import { sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianNames, studentDirectory } from '../schema';

/** The only code that writes billing's copy of guardians' names (ADR 0085, 0095). */

/** NOTIFY channel on which a student billed to a guardian billing has no name for wakes the sweep. */
export const GUARDIAN_NAMES_WANTED_CHANNEL = 'cuota_billing_guardian_names_wanted';

/**
 * Wakes the names sweep (at commit) when billing has no name for `guardianId`: a new billing
 * database's first students do not wait for the sweep's next round (ADR 0104).
 */
export async function wantNameOf(tx: Executor, guardianId: string) {
  await tx.execute(sql`
    SELECT pg_notify(${GUARDIAN_NAMES_WANTED_CHANNEL}, '')
     WHERE NOT EXISTS (SELECT 1 FROM ${guardianNames} WHERE ${guardianNames.guardianId} = ${guardianId})`);
}

export interface GuardianName {
  guardianId: string;
  firstName: string;
  lastName: string;
  /** When enrolment said the guardian looked like this. */
  updatedAt: Date;
}

/** Guardians' names as of their `updatedAt`; an older one never overwrites a newer one. */
export async function keepNames(tx: Executor, names: readonly GuardianName[]) {
  if (!names.length) return;
  await tx
    .insert(guardianNames)
    .values([...names])
    .onConflictDoUpdate({
      target: guardianNames.guardianId,
      set: {
        firstName: sql`excluded.first_name`,
        lastName: sql`excluded.last_name`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${guardianNames.updatedAt} <= excluded.updated_at`,
    });
}

/** One guardian's name as of `occurredAt` (an event's). */
export const keepName = (
  tx: Executor,
  guardianId: string,
  name: { firstName: string; lastName: string },
  occurredAt: Date,
) => keepNames(tx, [{ guardianId, ...name, updatedAt: occurredAt }]);

/**
 * Billing guardians of the directory's students of whom billing has no name (nor tombstone),
 * after `afterId` in id order: what a backfill asks enrolment for, `limit` at a time.
 */
export async function namelessBillingGuardians(
  db: Executor,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: sql<string>`${studentDirectory.billingGuardianId}` })
    .from(studentDirectory)
    .where(
      sql`${studentDirectory.billingGuardianId} IS NOT NULL
        AND ${studentDirectory.billingGuardianId} > ${afterId ?? ''}
        AND NOT EXISTS (SELECT 1 FROM ${guardianNames}
                         WHERE ${guardianNames.guardianId} = ${studentDirectory.billingGuardianId})`,
    )
    .orderBy(studentDirectory.billingGuardianId)
    .limit(limit);
  return rows.map((r) => r.id);
}
