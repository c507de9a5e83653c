import type { EnrolmentLabel } from '@cuota/contracts/enrolment/entities';
import type { Executor } from '@cuota/messaging/transaction';
import { changeStudentStatus } from '../students/status/change-student-status';
import type { StudentRef } from '../students/student-repository';
import { recordInscription } from './inscription-repository';

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
  await recordInscription(tx, student, inscription);
}
