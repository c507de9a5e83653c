import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  canTransition,
  STATUSES_NEEDING_REASON,
  transitionRefusal,
} from '@cuota/contracts/enrolment/student-status';
import { conflict } from '@cuota/service-runtime/http/http-error';
import type { StatusMove } from '../student-repository';

export interface StatusChange {
  studentId: string;
  to: StudentStatus;
  reason: string | null;
  /** Staff user id; null for imports and the seed. */
  changedBy: string | null;
}

/**
 * The move from the student's current status (ADR 0008): refused with a 409 naming both
 * statuses unless the transition table allows it. The student keeps the reason of a
 * departure (inactive, dropped out); coming back clears it. The history keeps every reason.
 */
export function statusMove(from: StudentStatus, change: StatusChange): StatusMove {
  if (!canTransition(from, change.to)) throw conflict(transitionRefusal(from, change.to));
  return {
    studentId: change.studentId,
    from,
    to: change.to,
    statusReason: STATUSES_NEEDING_REASON.includes(change.to) ? change.reason : null,
    reason: change.reason,
    changedBy: change.changedBy,
  };
}
