import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { Executor } from '@cuota/messaging/transaction';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { refreshBalances } from '../balances/balance-repository';
import {
  insertAllocation,
  leftByPayin,
  lockOrders,
  savePaidAmounts,
} from '../orders/order-payment-repository';
import { reverseAllocation } from '../orders/order-rules';

/**
 * A payin voided or refunded (payments.payin.reversed, ADR 0035): each order it paid gets a
 * row of negative amounts keyed by the reversal (so a redelivered or re-enveloped event takes
 * nothing twice), its paid amounts go down and it is open again; then the students' balances.
 */
export async function reversePayment(tx: Executor, r: PayinReversed, logger: Logger) {
  const byOrder = new Map(r.allocations.map((a) => [a.order_id, a]));
  const locked = await lockOrders(tx, [...byOrder.keys()]);
  const left = await leftByPayin(tx, r.payin_id, [...byOrder.keys()]);
  const students = new Set<string>();
  for (const order of locked) {
    const a = byOrder.get(order.id)!;
    const paid = left.get(order.id);
    if (order.schoolId !== r.school_id || !paid) continue;
    const next = reverseAllocation(order, paid, {
      baseCentavos: a.base_centavos,
      lateFeeCentavos: a.late_fee_centavos,
      discountCentavos: a.discount_centavos,
    });
    if (next.baseCentavos !== a.base_centavos || next.lateFeeCentavos !== a.late_fee_centavos)
      logger.warn({ orderId: order.id, reversalId: r.reversal_id }, 'reversal above what was paid');
    const recorded = await insertAllocation(tx, {
      sourceId: r.reversal_id,
      reversesSourceId: r.payin_id,
      orderId: order.id,
      baseCentavos: -next.baseCentavos,
      lateFeeCentavos: -next.lateFeeCentavos,
      discountCentavos: -next.discountCentavos,
      appliedAt: new Date(r.reversed_at),
    });
    if (!recorded) continue;
    await savePaidAmounts(tx, order.id, next);
    students.add(order.studentId);
  }
  await refreshBalances(tx, r.school_id, [...students]);
}
