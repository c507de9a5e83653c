import type { Allocation } from '@cuota/contracts/payments/payins';
import type { Executor } from '@cuota/messaging/transaction';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { refreshBalances } from '../balances/balance-repository';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { insertAllocation, lockOrders, savePaidAmounts } from '../orders/order-payment-repository';
import { applyAllocation, paidAmountsOf } from '../orders/order-rules';
import { takeBackParked } from './reverse-payment';

export interface PaymentApplied {
  /** The payin or credit application: each pays an order at most once. */
  sourceId: string;
  schoolId: string;
  appliedAt: Date;
  allocations: Allocation[];
}

/**
 * Applies payments' allocations to billing's orders in the inbox transaction: each order's
 * share once (the allocation's key), within the order's amount, then any reversal of it that
 * arrived first, then the students' balances.
 */
export async function applyPayment(tx: Executor, p: PaymentApplied, logger: Logger): Promise<void> {
  const paidOn = mexicoCityDate(p.appliedAt);
  const byOrder = new Map(p.allocations.map((a) => [a.order_id, a]));
  const locked = await lockOrders(tx, [...byOrder.keys()]);
  const students = new Set<string>();
  for (const order of locked) {
    if (order.schoolId !== p.schoolId) continue;
    const a = byOrder.get(order.id)!;
    const next = applyAllocation(
      order,
      {
        baseCentavos: a.base_centavos,
        lateFeeCentavos: a.late_fee_centavos,
        discountCentavos: a.discount_centavos,
      },
      paidOn,
    );
    if (next.baseCentavos !== a.base_centavos)
      logger.warn(
        { orderId: order.id, sourceId: p.sourceId },
        'allocation above what the order owed',
      );
    const recorded = await insertAllocation(tx, {
      sourceId: p.sourceId,
      orderId: order.id,
      baseCentavos: next.baseCentavos,
      lateFeeCentavos: next.lateFeeCentavos,
      discountCentavos: next.discountCentavos,
      appliedAt: p.appliedAt,
    });
    if (!recorded) continue;
    await savePaidAmounts(tx, order.id, next);
    await takeBackParked(tx, { ...order, ...paidAmountsOf(next) }, p.sourceId, logger);
    students.add(order.studentId);
  }
  if (locked.length < byOrder.size)
    logger.warn({ sourceId: p.sourceId }, 'payment for orders billing does not have');
  await refreshBalances(tx, p.schoolId, [...students]);
}
