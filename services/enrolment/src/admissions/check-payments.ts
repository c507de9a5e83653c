import type { PaymentCheck } from '@cuota/contracts/enrolment/admissions';
import type { EnrolmentContext } from '../enrolment-db';
import type { StudentRef } from '../students/student-repository';
import { paidApplicant } from './admission-rules';
import { inscribe } from './inscribe';
import { labelOf } from './inscription-label';

/**
 * check_payments: the label from billing's answer; an applicant whose inscription is paid
 * becomes an inscribed (active) student right away (enrolment.inscription.completed).
 */
export async function checkPayments(
  ctx: EnrolmentContext,
  student: StudentRef,
  changedBy: string | null,
): Promise<PaymentCheck> {
  const { cycleId, label, answer } = await labelOf(ctx, student);
  let status = student.status;
  if (paidApplicant(status, label)) {
    await ctx.db.transaction((tx) =>
      inscribe(tx, student, { cycleId, label, withoutPayment: false, reason: null, changedBy }),
    );
    status = 'active';
  }
  return {
    student_id: student.id,
    cycle_id: cycleId,
    label,
    concepts: answer?.concepts ?? [],
    status,
  };
}
