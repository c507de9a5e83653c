import { creditAppliedV1 } from '@cuota/contracts/events/payments.credit.applied.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { creditApplications } from '../schema';
import { toAllocation } from '../allocation/allocation-repository';
import type { OrderAllocation } from '../allocation/allocation-rules';

/**
 * The only code that writes `credit_applications`. Inserting one that paid orders enqueues
 * payments.credit.applied (billing marks the orders, invoicing invoices them); null when
 * this event already applied this student's credit.
 */
export async function insertCreditApplication(
  tx: Executor,
  a: { schoolId: string; studentId: string; sourceEventId: string; appliedAt: Date },
  spent: { allocations: OrderAllocation[]; owedCentavos: number },
): Promise<string | null> {
  const { allocations } = spent;
  // Its amount is all the credit it spent: on orders, and on refunds owed (owed_collections).
  const amount =
    allocations.reduce((s, x) => s + x.baseCentavos + x.lateFeeCentavos, 0) + spent.owedCentavos;
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
  // Paying a refund owed touches no order and no invoice: only orders paid are an event.
  if (!allocations.length) return row.id;
  await enqueueEvent(tx, creditAppliedV1, {
    application_id: row.id,
    school_id: a.schoolId,
    student_id: a.studentId,
    applied_at: a.appliedAt.toISOString(),
    allocations: allocations.map(toAllocation),
  });
  return row.id;
}
