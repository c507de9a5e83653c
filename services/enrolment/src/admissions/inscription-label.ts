import { enrolmentLabelFor } from '@cuota/contracts/enrolment/enrolment-label';
import type { EnrolmentLabel } from '@cuota/contracts/enrolment/entities';
import {
  inscriptionPaymentsRequest,
  type InscriptionPayments,
} from '@cuota/contracts/billing/inscription-payments';
import { RequestRefused, RequestUnanswered, requestReply } from '@cuota/messaging/request-reply';
import { activeCycleId } from '../cycles/cycle-repository';
import type { EnrolmentContext } from '../enrolment-db';
import type { StudentRef } from '../students/student-repository';

type Ctx = EnrolmentContext;

/** How long the dashboard waits for billing before showing NOT_AVAILABLE. */
const BILLING_TIMEOUT_MS = 1_500;

/** Billing's answer about the student's inscription concepts, or null when it is silent. */
async function askBilling(
  ctx: Ctx,
  student: StudentRef,
  cycleId: string | null,
): Promise<InscriptionPayments | null> {
  try {
    return await requestReply(
      ctx.nc,
      ctx.ns,
      inscriptionPaymentsRequest,
      { student_id: student.id, school_id: student.schoolId, cycle_id: cycleId },
      BILLING_TIMEOUT_MS,
    );
  } catch (err) {
    if (!(err instanceof RequestUnanswered || err instanceof RequestRefused)) throw err;
    ctx.logger.warn({ err, student_id: student.id }, 'billing did not answer the payment check');
    return null;
  }
}

export interface LabelledStudent {
  cycleId: string | null;
  label: EnrolmentLabel;
  answer: InscriptionPayments | null;
}

/** The student's enrolment label (ADR 0012), from billing's answer for the active cycle. */
export async function labelOf(ctx: Ctx, student: StudentRef): Promise<LabelledStudent> {
  const cycleId = await activeCycleId(ctx.db, student.schoolId);
  const answer = await askBilling(ctx, student, cycleId);
  return { cycleId, label: enrolmentLabelFor(answer), answer };
}
