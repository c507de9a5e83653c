import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { lockStudent, saveStudentStatus } from '../student-repository';
import { statusMove, type StatusChange } from './student-status-rules';

export type { StatusChange };

/**
 * The one place a student's status changes (ADR 0008): the row is locked so two clicks
 * cannot both pass the check, the transition table decides, and the change is recorded
 * with who and why, enrolment.student.status_changed in the same transaction.
 */
export async function changeStudentStatus(tx: Executor, change: StatusChange): Promise<void> {
  const current = await lockStudent(tx, change.studentId);
  if (!current) throw new Error(`student ${change.studentId} not found`);
  await saveStudentStatus(tx, statusMove(current.status as StudentStatus, change));
}
