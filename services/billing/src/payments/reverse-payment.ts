import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { Executor } from '@cuota/messaging/transaction';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { refreshBalances } from '../balances/balance-repository';
import {
  insertAllocation,
  leftByPayin,
  lockOrders,
  parkReversal,
  savePaidAmounts,
  takeParkedReversals,
  type OrderForPayment,
  type ParkedReversal,
} from '../orders/order-payment-repository';
import { paidAmountsOf, reverseAllocation } from '../orders/order-rules';

/**
 * A payin voided or refunded (payments.payin.reversed, ADR 0035): each order it paid gets a
 * row of negative amounts keyed by the reversal (so a redelivered or re-enveloped event takes
 * nothing twice), its paid amounts go down and it is open again; then the students' balances.
 */
export async function reversePayment(tx: Executor, r: PayinReversed, logger: Logger) {
  const byOrder = new Map(r.allocations.map((a) => [a.order_id, a]));
  const locked = await lockOrders(tx, [...byOrder.keys()]);
  const students = new Set<string>();
  for (const order of locked) {
    if (order.schoolId !== r.school_id) continue;
    const a = byOrder.get(order.id)!;
    const reversal = {
      reversalId: r.reversal_id,
      payinId: r.payin_id,
      orderId: order.id,
      baseCentavos: a.base_centavos,
      lateFeeCentavos: a.late_fee_centavos,
      discountCentavos: a.discount_centavos,
      reversedAt: new Date(r.reversed_at),
    };
    if (await reverseOrder(tx, order, reversal, logger)) students.add(order.studentId);
  }
  await refreshBalances(tx, r.school_id, [...students]);
}

/**
 * After a payin's payment of a locked order: the reversals that arrived before it are taken
 * back now, so the order ends open whatever order the events came in. Returns the order as
 * they leave it.
 */
export async function takeBackParked(
  tx: Executor,
  order: OrderForPayment,
  payinId: string,
  logger: Logger,
): Promise<OrderForPayment> {
  let current = order;
  for (const parked of await takeParkedReversals(tx, payinId, order.id))
    current = (await reverseOrder(tx, current, parked, logger)) ?? current;
  return current;
}

/**
 * One reversal on one locked order, within what its payin still has on it. When the payin has
 * not paid the order here yet (its payment event is late) the reversal is parked instead of
 * taking nothing. Returns the order with its new paid amounts, or null when nothing moved.
 */
async function reverseOrder(
  tx: Executor,
  order: OrderForPayment,
  r: ParkedReversal,
  logger: Logger,
): Promise<OrderForPayment | null> {
  const paid = (await leftByPayin(tx, r.payinId, [order.id])).get(order.id);
  if (!paid) {
    await parkReversal(tx, r);
    logger.info({ orderId: order.id, reversalId: r.reversalId }, 'reversal before its payment');
    return null;
  }
  const next = reverseAllocation(order, paid, r);
  if (next.baseCentavos !== r.baseCentavos || next.lateFeeCentavos !== r.lateFeeCentavos)
    logger.warn({ orderId: order.id, reversalId: r.reversalId }, 'reversal above what was paid');
  const recorded = await insertAllocation(tx, {
    sourceId: r.reversalId,
    reversesSourceId: r.payinId,
    orderId: order.id,
    baseCentavos: -next.baseCentavos,
    lateFeeCentavos: -next.lateFeeCentavos,
    discountCentavos: -next.discountCentavos,
    appliedAt: r.reversedAt,
  });
  if (!recorded) return null;
  await savePaidAmounts(tx, order.id, next);
  return { ...order, ...paidAmountsOf(next) };
}
