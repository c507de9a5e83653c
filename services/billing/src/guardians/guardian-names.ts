import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { keepName } from './guardian-name-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const GUARDIAN_NAMES_CONSUMER = 'billing-enrolment-guardians';

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
