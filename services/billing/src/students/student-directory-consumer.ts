import { sql } from 'drizzle-orm';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Executor } from '@cuota/messaging/transaction';
import {
  studentCreatedV1,
  type StudentSnapshot,
} from '@cuota/contracts/events/enrolment.student.created.v1';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { studentDirectory } from '../schema';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const STUDENT_DIRECTORY_CONSUMER = 'billing-enrolment-students';

/**
 * Writes a snapshot keyed by student id. An older snapshot never overwrites a newer one,
 * so a replayed or late event cannot roll the directory back.
 */
export async function upsertStudent(
  tx: Executor,
  student: StudentSnapshot,
  occurredAt: Date,
): Promise<void> {
  const values = {
    studentId: student.student_id,
    schoolId: student.school_id,
    firstName: student.first_name,
    lastName: student.last_name,
    level: student.level,
    sectionId: student.section_id,
    status: student.status,
    billingGuardianId: student.billing_guardian_id,
    updatedAt: occurredAt,
  };
  const { studentId: _key, ...changes } = values;
  await tx
    .insert(studentDirectory)
    .values(values)
    .onConflictDoUpdate({
      target: studentDirectory.studentId,
      set: changes,
      setWhere: sql`${studentDirectory.updatedAt} <= excluded.updated_at`,
    });
}

/** created, updated and status_changed all carry the whole snapshot: newest wins. */
export function studentDirectorySubscriptions(): Subscription[] {
  return [studentCreatedV1, studentUpdatedV1, studentStatusChangedV1].map((definition) =>
    on(definition, (event, tx) => upsertStudent(tx, event.data, new Date(event.occurred_at))),
  );
}
