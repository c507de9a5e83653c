import { sql } from 'drizzle-orm';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianNames } from '../schema';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const GUARDIAN_NAMES_CONSUMER = 'billing-enrolment-guardians';

/** A guardian's name as of `occurredAt`; an older event never overwrites a newer one. */
async function keepName(
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

/**
 * Enrolment's guardians' names into billing's copy (ADR 0085): created and updated carry the
 * whole snapshot; deleted leaves a dated tombstone without a name, so a late snapshot cannot
 * bring it back.
 */
export function guardianNameSubscriptions(): Subscription[] {
  return [
    ...[guardianCreatedV1, guardianUpdatedV1].map((definition) =>
      on(definition, (event, tx) =>
        keepName(
          tx,
          event.data.guardian_id,
          { firstName: event.data.first_name, lastName: event.data.last_name },
          new Date(event.occurred_at),
        ),
      ),
    ),
    on(guardianDeletedV1, (event, tx) =>
      keepName(
        tx,
        event.data.guardian_id,
        { firstName: '', lastName: '' },
        new Date(event.occurred_at),
      ),
    ),
  ];
}
