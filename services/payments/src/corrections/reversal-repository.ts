import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { PayinReversal } from '@cuota/contracts/payments/reversals';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import { bankOfClabe } from '@cuota/contracts/payments/clabe';
import { claimed, onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import type { Executor } from '@cuota/messaging/transaction';
import {
  insertAllocations,
  rowToAllocation,
  toAllocation,
} from '../allocation/allocation-repository';
import type { OrderAllocation } from '../allocation/allocation-rules';
import { allocations, payinReversals, payins } from '../schema';

/**
 * With bank-refund-payout-repository.ts, the only code that reads or writes `payin_reversals`
 * (and its allocations). Applying a reversal writes its row,
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

/**
 * A reversal that moves the books at once (a desk void, a refund to credit). With a key
 * (a refund to credit, ADR 0099): KeyTaken when a concurrent request with the key did first.
 */
export async function insertAppliedReversal(
  tx: Executor,
  r: AppliedReversal & {
    idempotencyKey?: string;
    requestHash?: string;
    /** The credit then paid out to this bank account (ADR 0110): its payout is pending. */
    payout?: { clabe: string; holderName: string; requestedAt: Date };
  },
): Promise<ReversalRow> {
  const [inserted] = await tx
    .insert(payinReversals)
    .values({
      idempotencyKey: r.idempotencyKey ?? null,
      requestHash: r.requestHash ?? null,
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
      ...(r.payout && {
        payoutClabe: r.payout.clabe,
        payoutHolderName: r.payout.holderName,
        payoutStatus: 'pending' as const,
        gatewayRequestedAt: r.payout.requestedAt,
      }),
    })
    .onConflictDoNothing({ target: [payinReversals.schoolId, payinReversals.idempotencyKey] })
    .returning();
  const row = claimed(inserted);
  await applyEffects(tx, row.id, r);
  return row;
}

/** A card reversal asked of the gateway: pending until its webhook (ADR 0036). */
export type PendingReversal = Omit<
  AppliedReversal,
  'whole' | 'creditReversedCentavos' | 'allocations' | 'appliedAt'
> & { idempotencyKey: string; requestHash: string; gatewayRequestedAt: Date };

/** Inserts it under its key; KeyTaken when a concurrent request with the key did first. */
export async function insertPendingReversal(
  tx: Executor,
  r: PendingReversal,
): Promise<ReversalRow> {
  const [row] = await tx
    .insert(payinReversals)
    .values({ ...r, status: 'pending' })
    .onConflictDoNothing({ target: [payinReversals.schoolId, payinReversals.idempotencyKey] })
    .returning();
  return claimed(row);
}

/** The gateway settled a pending reversal: the books move now, with its event. */
export async function applyPendingReversal(
  tx: Executor,
  pending: ReversalRow,
  r: Pick<AppliedReversal, 'whole' | 'creditReversedCentavos' | 'allocations' | 'appliedAt'> & {
    gatewayTicketNumber: string;
    /** Of `creditReversedCentavos`, what was already spent and the family now owes. */
    creditOwedCentavos: number;
  },
): Promise<ReversalRow> {
  const [row] = await tx
    .update(payinReversals)
    .set({
      status: 'applied',
      creditReversedCentavos: r.creditReversedCentavos,
      creditOwedCentavos: r.creditOwedCentavos,
      gatewayTicketNumber: r.gatewayTicketNumber,
      appliedAt: r.appliedAt,
    })
    .where(eq(payinReversals.id, pending.id))
    .returning();
  await applyEffects(tx, pending.id, { ...pending, ...r });
  return row!;
}

/** Negative allocations, the payin canceled when it is all undone, the event. */
async function applyEffects(tx: Executor, reversalId: string, r: AppliedReversal): Promise<void> {
  const negated = r.allocations.map((a) => ({
    ...a,
    baseCentavos: -a.baseCentavos,
    lateFeeCentavos: -a.lateFeeCentavos,
  }));
  await insertAllocations(tx, r.schoolId, { reversalId }, negated);
  if (r.whole) await tx.update(payins).set({ status: 'canceled' }).where(eq(payins.id, r.payinId));
  await enqueueEvent(tx, payinReversedV1, {
    reversal_id: reversalId,
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
}

/**
 * A keyed reversal (a card refund, a refund to credit or to a bank): the request's key answers
 * the row it first made; `create` makes it under the payin's lock (throwing KeyTaken when a
 * concurrent request with the key did first).
 */
export async function onceReversal(
  db: Executor,
  schoolId: string,
  key: { idempotencyKey: string; hash: string },
  create: () => Promise<ReversalRow>,
) {
  // Keyed reversals always carry their hash (desk voids have none and are never looked up by key).
  const keyed = (row: ReversalRow) => ({ ...row, requestHash: row.requestHash ?? '' });
  return onceOnRow({
    hash: key.hash,
    find: async () => {
      const found = await reversalByKey(db, schoolId, key.idempotencyKey);
      return found && keyed(found);
    },
    create: async () => keyed(await create()),
  });
}

export async function reversalByKey(
  db: Executor,
  schoolId: string,
  idempotencyKey: string,
): Promise<ReversalRow | null> {
  const [row] = await db
    .select()
    .from(payinReversals)
    .where(
      and(eq(payinReversals.schoolId, schoolId), eq(payinReversals.idempotencyKey, idempotencyKey)),
    );
  return row ?? null;
}

export async function reversalById(db: Executor, id: string): Promise<ReversalRow | null> {
  const [row] = await db.select().from(payinReversals).where(eq(payinReversals.id, id));
  return row ?? null;
}

/** Every reversal of a payin, declined ones included, oldest first. */
export function reversalsOfPayin(db: Executor, payinId: string): Promise<ReversalRow[]> {
  return db
    .select()
    .from(payinReversals)
    .where(eq(payinReversals.payinId, payinId))
    .orderBy(asc(payinReversals.createdAt));
}

/** What the payin's applied reversals took off orders (negative amounts). */
export async function reversedAllocationsOfPayin(db: Executor, payinId: string) {
  const rows = await db
    .select({ allocation: allocations })
    .from(allocations)
    .innerJoin(payinReversals, eq(payinReversals.id, allocations.reversalId))
    .where(eq(payinReversals.payinId, payinId));
  return rows.map((r) => rowToAllocation(r.allocation));
}

/** The gateway's notice's reversal: by its ticket, else the oldest pending one it fits. */
export async function reversalForNotice(
  tx: Executor,
  payinId: string,
  notice: { ticketNumber: string; kind: ReversalRow['kind']; amountCentavos: number },
): Promise<ReversalRow | null> {
  const [row] = await tx
    .select()
    .from(payinReversals)
    .where(
      and(
        eq(payinReversals.payinId, payinId),
        or(
          eq(payinReversals.gatewayTicketNumber, notice.ticketNumber),
          and(
            eq(payinReversals.status, 'pending'),
            isNull(payinReversals.gatewayTicketNumber),
            eq(payinReversals.kind, notice.kind),
            eq(payinReversals.amountCentavos, notice.amountCentavos),
          ),
        ),
      ),
    )
    .orderBy(asc(payinReversals.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * What each reversal took off orders (positive amounts), by reversal: whose credit a bank
 * refund pays out, and what staff see as reversed on a payin's detail.
 */
export async function allocationsOfReversals(
  db: Executor,
  reversalIds: string[],
): Promise<Map<string, OrderAllocation[]>> {
  const byReversal = new Map<string, OrderAllocation[]>();
  if (!reversalIds.length) return byReversal;
  const rows = await db
    .select()
    .from(allocations)
    .where(inArray(allocations.reversalId, reversalIds))
    .orderBy(asc(allocations.seq));
  for (const r of rows) {
    const a = rowToAllocation(r);
    const taken = { ...a, baseCentavos: -a.baseCentavos, lateFeeCentavos: -a.lateFeeCentavos };
    byReversal.set(r.reversalId!, [...(byReversal.get(r.reversalId!) ?? []), taken]);
  }
  return byReversal;
}

/** The gateway took it: its ticket, unless its webhook already came and set it. */
export async function recordGatewayTicket(db: Executor, id: string, ticket: string) {
  await db
    .update(payinReversals)
    .set({ gatewayTicketNumber: ticket })
    .where(and(eq(payinReversals.id, id), isNull(payinReversals.gatewayTicketNumber)));
}

/** The gateway refused it: nothing moved; the reason is kept to show. */
export async function declineReversal(db: Executor, id: string, message: string) {
  await db
    .update(payinReversals)
    .set({ status: 'declined', errorMessage: message })
    .where(and(eq(payinReversals.id, id), eq(payinReversals.status, 'pending')));
}

/**
 * A retry may ask the gateway again when the last ask got no answer and is older than the
 * gateway's timeout; true for the one retry that claims it.
 */
export async function claimGatewayRetry(db: Executor, id: string, askedBefore: Date, now: Date) {
  const rows = await db
    .update(payinReversals)
    .set({ gatewayRequestedAt: now })
    .where(
      and(
        eq(payinReversals.id, id),
        or(eq(payinReversals.status, 'pending'), eq(payinReversals.payoutStatus, 'pending')),
        isNull(payinReversals.gatewayTicketNumber),
        lt(payinReversals.gatewayRequestedAt, askedBefore),
      ),
    )
    .returning({ id: payinReversals.id });
  return rows.length > 0;
}

/** The answer's reversal; with what it took off orders when the caller read them. */
export const toReversal = (row: ReversalRow, taken?: OrderAllocation[]): PayinReversal => ({
  id: row.id,
  payin_id: row.payinId,
  school_id: row.schoolId,
  kind: row.kind,
  status: row.status,
  amount_centavos: row.amountCentavos,
  credit_reversed_centavos: row.creditReversedCentavos,
  credit_owed_centavos: row.creditOwedCentavos,
  reason: row.reason,
  requested_by: row.requestedBy,
  requested_by_name: row.requestedByName,
  error_message: row.errorMessage,
  created_at: row.createdAt.toISOString(),
  applied_at: row.appliedAt?.toISOString() ?? null,
  payout:
    row.payoutClabe && row.payoutStatus
      ? {
          clabe: row.payoutClabe,
          bank_name: bankOfClabe(row.payoutClabe),
          holder_name: row.payoutHolderName ?? '',
          status: row.payoutStatus,
        }
      : null,
  ...(taken && {
    orders: taken.map((a) => ({
      order_id: a.orderId,
      base_centavos: a.baseCentavos,
      late_fee_centavos: a.lateFeeCentavos,
    })),
  }),
});
