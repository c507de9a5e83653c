import type { Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { studentSnapshotSubscriptions } from '@cuota/messaging/consumer/student-snapshots';
import { upsertStudent } from './student-directory-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const STUDENT_DIRECTORY_CONSUMER = 'billing-enrolment-students';

/** created, updated and status_changed all carry the whole snapshot: newest wins. */
export function studentDirectorySubscriptions(): Subscription[] {
  return studentSnapshotSubscriptions(upsertStudent);
}
