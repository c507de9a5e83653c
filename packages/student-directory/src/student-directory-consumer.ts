import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentDeletedV1 } from '@cuota/contracts/events/enrolment.student.deleted.v1';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { deleteStudent, upsertStudent } from './student-directory-repository';

/**
 * What keeps a service's `student_directory` in step with enrolment, each event at its own
 * time: created, updated and status_changed carry the whole snapshot (newest wins), deleted
 * forgets the student. The service runs them under its own durable consumer, whose inbox
 * makes a redelivered event a no-op.
 */
export function studentDirectorySubscriptions(): Subscription[] {
  return [
    ...[studentCreatedV1, studentUpdatedV1, studentStatusChangedV1].map((definition) =>
      on(definition, (event, tx) => upsertStudent(tx, event.data, new Date(event.occurred_at))),
    ),
    on(studentDeletedV1, (event, tx) =>
      deleteStudent(tx, event.data.student_id, new Date(event.occurred_at)),
    ),
  ];
}
