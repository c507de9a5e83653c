import type { EnrolmentLabel } from '@cuota/contracts/enrolment/entities';
import { inscriptionCompletedV1 } from '@cuota/contracts/events/enrolment.inscription.completed.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { changeStudentStatus } from '../students/status/change-student-status';
import type { StudentRef } from './admission-access';

export interface Inscription {
  cycleId: string | null;
  label: EnrolmentLabel;
  withoutPayment: boolean;
  reason: string | null;
  changedBy: string | null;
}

/** An applicant becomes an active student (transition table decides) and billing learns it. */
export async function inscribe(tx: Executor, student: StudentRef, inscription: Inscription) {
  await changeStudentStatus(tx, {
    studentId: student.id,
    to: 'active',
    reason: inscription.reason,
    changedBy: inscription.changedBy,
  });
  await enqueueEvent(tx, inscriptionCompletedV1, {
    student_id: student.id,
    school_id: student.schoolId,
    cycle_id: inscription.cycleId,
    label: inscription.label,
    without_payment: inscription.withoutPayment,
  });
}
