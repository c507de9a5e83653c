import type { QuotedOrder } from '@cuota/contracts/billing/requests';
import type { Executor } from '@cuota/messaging/transaction';
import { allocationsToOrders, lockStudents } from '../allocation/allocation-repository';
import {
  dueNow,
  type Applied,
  type DueOrder,
  type OrderAllocation,
} from '../allocation/allocation-rules';
import { dueOrders } from '../allocation/due-orders';
import { postLedgerTransaction, postLedgerTransactions } from '../ledger/ledger-repository';
import type { Posting } from '../ledger/ledger-rules';
import {
  markPayinSucceeded,
  markPayinsSucceeded,
  type PaidPayin,
  type PayinRow,
  type Settlement,
} from '../payins/payin-repository';

/**
 * How a settlement reads and books: what it finds due on its orders, with its students
 * locked first (allocation rules, ADR 0016), the allocations it then writes, its posting,
 * and the payin paid (markPayinSucceeded).
 */
export interface Settling {
  due(studentIds: string[], quoted: QuotedOrder[], watermark: number): Promise<DueOrder[]>;
  allocated(list: OrderAllocation[]): void;
  post(posting: Posting): Promise<unknown>;
  paid(payin: PayinRow, settlement: Settlement): Promise<unknown>;
}

/** One settlement alone: its students locked, its orders read, its writes made at once. */
export const settlingAlone = (tx: Executor): Settling => ({
  async due(studentIds, quoted, watermark) {
    await lockStudents(tx, studentIds);
    return dueOrders(tx, quoted, watermark);
  },
  allocated: () => undefined,
  post: (posting) => postLedgerTransaction(tx, posting),
  paid: (payin, settlement) => markPayinSucceeded(tx, payin, settlement),
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
 * one after each was written (an allocation made now is after every quote); the postings
 * and the paid payins are kept and written together by `flush` (ADR 0121), before the
 * commit or before a payin of the batch is read again.
 */
export async function settlingInBatch(
  tx: Executor,
  studentIds: string[],
  orderIds: string[],
): Promise<Settling & { flush(): Promise<void> }> {
  await lockStudents(tx, studentIds);
  const byOrder = new Map<string, Row[]>();
  for (const r of await allocationsToOrders(tx, [...new Set(orderIds)]))
    byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  const sum = (rows: Row[]): Applied => ({
    base: rows.reduce((s, r) => s + r.base, 0),
    lateFee: rows.reduce((s, r) => s + r.lateFee, 0),
  });
  let postings: Posting[] = [];
  let paid: PaidPayin[] = [];
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
    post: async (posting) => postings.push(posting),
    paid: async (payin, settlement) => paid.push({ payin, settlement }),
    async flush() {
      const writes = { postings, paid };
      [postings, paid] = [[], []];
      await postLedgerTransactions(tx, writes.postings);
      // The payins last: their folios lock the schools' counter rows until the commit.
      await markPayinsSucceeded(tx, writes.paid);
    },
  };
}
