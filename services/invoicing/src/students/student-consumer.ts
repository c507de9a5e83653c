import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { upsertStudent } from './student-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const STUDENT_CONSUMER = 'invoicing-enrolment-students';

/** created, updated and status_changed all carry the whole snapshot: newest wins. */
export function studentSubscriptions(): Subscription[] {
  return [studentCreatedV1, studentUpdatedV1, studentStatusChangedV1].map((definition) =>
    on(definition, (event, tx) => upsertStudent(tx, event.data, new Date(event.occurred_at))),
  );
}
