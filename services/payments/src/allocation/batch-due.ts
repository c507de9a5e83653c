import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import type { Executor } from '@cuota/messaging/transaction';
import { allocationsToOrders, lockStudents } from './allocation-repository';
import { dueNow, type Applied, type DueOrder, type OrderAllocation } from './allocation-rules';
import { dueOrders } from './due-orders';

/**
 * What a settlement finds due on its orders, with its students locked first (allocation
 * rules, ADR 0016), and the allocations it then writes.
 */
export interface OrdersDue {
  due(studentIds: string[], quoted: QuotedOrder[], watermark: number): Promise<DueOrder[]>;
  allocated(list: OrderAllocation[]): void;
}

/** One settlement alone: its students locked and its orders read when it asks. */
export const ordersDueNow = (tx: Executor): OrdersDue => ({
  async due(studentIds, quoted, watermark) {
    await lockStudents(tx, studentIds);
    return dueOrders(tx, quoted, watermark);
  },
  allocated: () => undefined,
});

interface Row {
  seq: number;
  base: number;
  lateFee: number;
}

/**
 * A batch of settlements in one transaction (issue 18's burst, ADR 0112): every student of
 * the batch locked and every order's allocations read in two statements up front, then each
 * settlement's allocations counted for the next, as dueOrders would have read them one by
 * one after each was written (an allocation made now is after every quote).
 */
export async function ordersDueInBatch(
  tx: Executor,
  studentIds: string[],
  orderIds: string[],
): Promise<OrdersDue> {
  await lockStudents(tx, studentIds);
  const byOrder = new Map<string, Row[]>();
  for (const r of await allocationsToOrders(tx, [...new Set(orderIds)]))
    byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  const sum = (rows: Row[]): Applied => ({
    base: rows.reduce((s, r) => s + r.base, 0),
    lateFee: rows.reduce((s, r) => s + r.lateFee, 0),
  });
  return {
    async due(_locked, quoted, watermark) {
      return quoted.map((o) => {
        const rows = byOrder.get(o.order_id) ?? [];
        return dueNow(o, sum(rows), sum(rows.filter((r) => r.seq > watermark)));
      });
    },
    allocated(list) {
      for (const a of list)
        byOrder.set(a.orderId, [
          ...(byOrder.get(a.orderId) ?? []),
          { seq: Infinity, base: a.baseCentavos, lateFee: a.lateFeeCentavos },
        ]);
    },
  };
}
