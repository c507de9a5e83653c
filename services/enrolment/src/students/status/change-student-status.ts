import { eq, sql } from 'drizzle-orm';
import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  canTransition,
  STATUSES_NEEDING_REASON,
  transitionRefusal,
} from '@cuota/contracts/enrolment/student-status';
import { studentStatusChangedV1 } from '@cuota/contracts/events/enrolment.student.status_changed.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { studentStatusChanges, students } from '../../schema';
import { studentSnapshot } from '../student-snapshot';

export interface StatusChange {
  studentId: string;
  to: StudentStatus;
  reason: string | null;
  /** Staff user id; null for imports and the seed. */
  changedBy: string | null;
}

/**
 * The one place a student's status changes (ADR 0008): the transition table decides, the
 * row is locked so two clicks cannot both pass the check, the change is recorded with who
 * and why, and enrolment.student.status_changed is published in the same transaction.
 */
export async function changeStudentStatus(tx: Executor, change: StatusChange): Promise<void> {
  const [current] = await tx
    .select({ status: students.status })
    .from(students)
    .where(eq(students.id, change.studentId))
    .for('update');
  if (!current) throw new Error(`student ${change.studentId} not found`);
  const from = current.status as StudentStatus;
  if (!canTransition(from, change.to)) throw conflict(transitionRefusal(from, change.to));
  await tx
    .update(students)
    .set({
      status: change.to,
      // The reason explains a departure; coming back clears it.
      statusReason: STATUSES_NEEDING_REASON.includes(change.to) ? change.reason : null,
      updatedAt: new Date(),
    })
    .where(eq(students.id, change.studentId));
  await tx.insert(studentStatusChanges).values({
    studentId: change.studentId,
    fromStatus: from,
    toStatus: change.to,
    reason: change.reason,
    changedBy: change.changedBy,
    // The real instant, not the transaction's start: two moves in one transaction keep
    // their order in the history (GET …/status_history/).
    changedAt: sql`clock_timestamp()`,
  });
  await enqueueEvent(tx, studentStatusChangedV1, {
    ...(await studentSnapshot(tx, change.studentId)),
    from_status: from,
    reason: change.reason,
    changed_by: change.changedBy,
  });
}
