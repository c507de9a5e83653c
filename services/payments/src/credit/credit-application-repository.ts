import { creditAppliedV1 } from '@cuota/contracts/events/payments.credit.applied.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { creditApplications } from '../schema';
import { toAllocation } from '../allocation/allocation-repository';
import type { OrderAllocation } from '../allocation/allocation-rules';

/**
 * The only code that writes `credit_applications`. Inserting one enqueues
 * payments.credit.applied (billing marks the orders, invoicing invoices them); null when
 * this event already applied this student's credit.
 */
export async function insertCreditApplication(
  tx: Executor,
  a: { schoolId: string; studentId: string; sourceEventId: string; appliedAt: Date },
  allocations: OrderAllocation[],
): Promise<string | null> {
  const amount = allocations.reduce((s, x) => s + x.baseCentavos + x.lateFeeCentavos, 0);
  const [row] = await tx
    .insert(creditApplications)
    .values({
      schoolId: a.schoolId,
      studentId: a.studentId,
      sourceEventId: a.sourceEventId,
      amountCentavos: amount,
      createdAt: a.appliedAt,
    })
    .onConflictDoNothing({
      target: [creditApplications.sourceEventId, creditApplications.studentId],
    })
    .returning({ id: creditApplications.id });
  if (!row) return null;
  await enqueueEvent(tx, creditAppliedV1, {
    application_id: row.id,
    school_id: a.schoolId,
    student_id: a.studentId,
    applied_at: a.appliedAt.toISOString(),
    allocations: allocations.map(toAllocation),
  });
  return row.id;
}
