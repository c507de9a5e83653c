import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { schoolUpdatedV1 } from '@cuota/contracts/events/enrolment.school.updated.v1';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { studentDirectorySubscriptions } from '@cuota/student-directory/student-directory-consumer';
import { forgetGuardian, upsertGuardian, upsertSchool } from './family-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const FAMILY_CONSUMER = 'notifications-enrolment';

/**
 * Enrolment's schools (their names), guardians (their addresses) and students (whose
 * guardians an order reminds), under one consumer of enrolment's stream.
 */
export function familySubscriptions(): Subscription[] {
  return [
    ...[guardianCreatedV1, guardianUpdatedV1].map((definition) =>
      on(definition, (event, tx) => upsertGuardian(tx, event.data, new Date(event.occurred_at))),
    ),
    on(guardianDeletedV1, (event, tx) =>
      forgetGuardian(tx, event.data.guardian_id, new Date(event.occurred_at)),
    ),
    on(schoolUpdatedV1, (event, tx) => upsertSchool(tx, event.data, new Date(event.occurred_at))),
    ...studentDirectorySubscriptions(),
  ];
}
