import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { schoolUpdatedV1 } from '@cuota/contracts/events/enrolment.school.updated.v1';
import { studentDirectorySubscriptions } from '@cuota/student-directory/student-directory-consumer';
import { upsertSchool } from './school-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const ENROLMENT_CONSUMER = 'payments-enrolment';

/**
 * What payments keeps of enrolment: each school's name and gateway switch
 * (use_kushki_sandbox), newest snapshot wins, and its students (the shared read model,
 * docs/adr/0026): their names, billing guardian (the family a desk payment belongs to) and
 * linked guardians (who sees the student's payins, ADR 0023).
 */
export function enrolmentSubscriptions(): Subscription[] {
  return [
    on(schoolUpdatedV1, (event, tx) => upsertSchool(tx, event.data, new Date(event.occurred_at))),
    ...studentDirectorySubscriptions(),
  ];
}
