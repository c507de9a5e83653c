import type { Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { studentSnapshotSubscriptions } from '@cuota/messaging/consumer/student-snapshots';
import { upsertStudent } from './student-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const STUDENT_CONSUMER = 'invoicing-enrolment-students';

/** created, updated and status_changed all carry the whole snapshot: newest wins. */
export function studentSubscriptions(): Subscription[] {
  return studentSnapshotSubscriptions(upsertStudent);
}
