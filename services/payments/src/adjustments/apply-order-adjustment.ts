import type { OrderAdjusted } from '@cuota/contracts/events/billing.order.adjusted.v1';
import type { Executor } from '@cuota/messaging/transaction';
import { appliedToOrders, lockStudents } from '../allocation/allocation-repository';
import { creditAccount, schoolAccount } from '../ledger/chart-of-accounts';
import { postLedgerTransaction } from '../ledger/ledger-repository';
import { adjustmentEffect } from './adjustment-rules';

/**
 * Billing changed an order's total after billing it (ADR 0036): the receivable follows, and
 * what had been paid above the new total becomes the student's credit (which then pays the
 * family's next orders). Keyed by the adjustment, so a redelivery posts nothing twice.
 */
export async function applyOrderAdjustment(tx: Executor, adjustment: OrderAdjusted): Promise<void> {
  await lockStudents(tx, [adjustment.student_id]);
  await postAdjustment(tx, adjustment);
}

/**
 * Many orders' adjustments (one billing.orders.adjusted part, ADR 0053) in the event's one
 * transaction: their students locked once, in order, then each posted exactly as its own
 * billing.order.adjusted would be, under the same key.
 */
export async function applyOrderAdjustments(
  tx: Executor,
  adjustments: OrderAdjusted[],
): Promise<void> {
  await lockStudents(
    tx,
    adjustments.map((a) => a.student_id),
  );
  for (const adjustment of adjustments) await postAdjustment(tx, adjustment);
}

async function postAdjustment(tx: Executor, adjustment: OrderAdjusted) {
  const { school_id: schoolId, student_id: studentId, order_id: orderId } = adjustment;
  const paid = (await appliedToOrders(tx, [orderId], 0)).get(orderId)!.all.base;
  const effect = adjustmentEffect(
    adjustment.previous_total_centavos,
    adjustment.new_total_centavos,
    paid,
  );
  if (effect.revenue === 0) return;
  await postLedgerTransaction(tx, {
    idempotencyKey: `adjustment:${adjustment.adjustment_id}`,
    schoolId,
    description: `Ajuste de cargo (${adjustment.kind}): ${adjustment.reason}`.slice(0, 200),
    occurredAt: new Date(adjustment.adjusted_at),
    lines: [
      { account: schoolAccount(schoolId, 'revenue'), amountCentavos: effect.revenue },
      { account: schoolAccount(schoolId, 'receivable'), amountCentavos: -effect.receivable },
      { account: creditAccount(schoolId, studentId), amountCentavos: -effect.credit },
    ],
  });
}
