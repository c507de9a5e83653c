import { sql } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianNames } from '../schema';

/** The only code that writes billing's copy of guardians' names (ADR 0085). */
/** A guardian's name as of `occurredAt`; an older event never overwrites a newer one. */
export async function keepName(
  tx: Executor,
  guardianId: string,
  name: { firstName: string; lastName: string },
  occurredAt: Date,
) {
  const changes = { ...name, updatedAt: occurredAt };
  await tx
    .insert(guardianNames)
    .values({ guardianId, ...changes })
    .onConflictDoUpdate({
      target: guardianNames.guardianId,
      set: changes,
      setWhere: sql`${guardianNames.updatedAt} <= excluded.updated_at`,
    });
}
