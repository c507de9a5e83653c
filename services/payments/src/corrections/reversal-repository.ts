import { and, eq } from 'drizzle-orm';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { PayinReversal } from '@cuota/contracts/payments/reversals';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { insertAllocations, toAllocation } from '../allocation/allocation-repository';
import type { OrderAllocation } from '../allocation/allocation-rules';
import { payinReversals, payins } from '../schema';

/**
 * The only code that reads or writes `payin_reversals`. Applying a reversal writes its row,
 * its negative allocations, the payin's status when it is whole, and enqueues
 * payments.payin.reversed, in the caller's transaction (the caller posts the ledger in it).
 */
export type ReversalRow = typeof payinReversals.$inferSelect;

export async function voidOfPayin(db: Executor, payinId: string): Promise<ReversalRow | null> {
  const [row] = await db
    .select()
    .from(payinReversals)
    .where(and(eq(payinReversals.payinId, payinId), eq(payinReversals.kind, 'void')));
  return row ?? null;
}

export interface AppliedReversal {
  payinId: string;
  schoolId: string;
  kind: ReversalRow['kind'];
  whole: boolean;
  amountCentavos: number;
  creditReversedCentavos: number;
  /** What each order loses (positive amounts; stored negated). */
  allocations: OrderAllocation[];
  reason: string;
  requestedBy: string | null;
  requestedByName: string | null;
  appliedAt: Date;
}

export async function insertAppliedReversal(
  tx: Executor,
  r: AppliedReversal,
): Promise<ReversalRow> {
  const [row] = await tx
    .insert(payinReversals)
    .values({
      payinId: r.payinId,
      schoolId: r.schoolId,
      kind: r.kind,
      status: 'applied',
      amountCentavos: r.amountCentavos,
      creditReversedCentavos: r.creditReversedCentavos,
      reason: r.reason,
      requestedBy: r.requestedBy,
      requestedByName: r.requestedByName,
      appliedAt: r.appliedAt,
    })
    .returning();
  const negated = r.allocations.map((a) => ({
    ...a,
    baseCentavos: -a.baseCentavos,
    lateFeeCentavos: -a.lateFeeCentavos,
  }));
  await insertAllocations(tx, r.schoolId, { reversalId: row!.id }, negated);
  if (r.whole) await tx.update(payins).set({ status: 'canceled' }).where(eq(payins.id, r.payinId));
  await enqueueEvent(tx, payinReversedV1, {
    reversal_id: row!.id,
    payin_id: r.payinId,
    school_id: r.schoolId,
    kind: r.kind,
    whole: r.whole,
    amount_centavos: r.amountCentavos,
    allocations: r.allocations.map(toAllocation),
    credit_reversed_centavos: r.creditReversedCentavos,
    reason: r.reason,
    reversed_at: r.appliedAt.toISOString(),
    reversed_by: r.requestedBy,
  });
  return row!;
}

export const toReversal = (row: ReversalRow): PayinReversal => ({
  id: row.id,
  payin_id: row.payinId,
  school_id: row.schoolId,
  kind: row.kind,
  status: row.status,
  amount_centavos: row.amountCentavos,
  credit_reversed_centavos: row.creditReversedCentavos,
  reason: row.reason,
  requested_by: row.requestedBy,
  requested_by_name: row.requestedByName,
  created_at: row.createdAt.toISOString(),
  applied_at: row.appliedAt?.toISOString() ?? null,
});
