import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { schoolUpdatedV1 } from '@cuota/contracts/events/enrolment.school.updated.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { upsertStudent } from '../students/student-directory-repository';
import { upsertSchool } from './school-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const ENROLMENT_CONSUMER = 'payments-enrolment';

/**
 * What payments keeps of enrolment: each school's name and gateway switch
 * (use_kushki_sandbox), and each student's name and billing guardian (the family a desk
 * payment belongs to). Every event carries the whole snapshot: newest wins.
 */
export function enrolmentSubscriptions(): Subscription[] {
  return [
    on(schoolUpdatedV1, (event, tx) => upsertSchool(tx, event.data, new Date(event.occurred_at))),
    ...[studentCreatedV1, studentUpdatedV1, studentStatusChangedV1].map((definition) =>
      on(definition, (event, tx) => upsertStudent(tx, event.data, new Date(event.occurred_at))),
    ),
  ];
}
