import { and, desc, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CARRIED_REFUND_LABEL,
  type PayoutDeduction,
  type PayoutPayment,
  type ScheduledPayout,
} from '@cuota/contracts/payments/payouts';
import { payoutDeclinedV1 } from '@cuota/contracts/events/payments.payout.declined.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import {
  bankAccounts,
  payinReversals,
  payins,
  payoutBalances,
  payoutPayins,
  payoutReversals,
  payouts,
} from '../schema';
import { day, toSums, type DayMethodSum, type DayRange } from '../figures/figures-repository';
import type { OpenReversal } from './payout-rules';

/** How a deduction of the payout's own payments reads in its report. */
const REVERSAL_LABELS = { void: 'Cancelación del pago', refund: 'Reembolso del pago' } as const;

/**
 * The only code that reads or writes `payouts`, `payout_payins`, `payout_reversals` and
 * `payout_balances`.
 */
export type PayoutRow = typeof payouts.$inferSelect;
export type NewPayoutRow = typeof payouts.$inferInsert;
type Status = PayoutRow['status'];

const CARD = ['credit_card', 'debit_card'] as const;
const mxDay = (at: unknown) => sql`(${at} AT TIME ZONE 'America/Mexico_City')::date`;

/**
 * The school's card payins no payout settles yet, paid on a Mexico City day: that day's, and
 * those of earlier days whose payout was canceled (ADR 0056: they go into the next payout).
 */
export async function unsettledCardPayins(
  db: Executor,
  schoolId: string,
  day: string,
): Promise<Array<{ id: string; amountCentavos: number }>> {
  const paidOn = mxDay(payins.paidAt);
  const canceledDay = sql`EXISTS (SELECT 1 FROM ${payouts} WHERE ${payouts.schoolId} = ${schoolId}
    AND ${payouts.status} = 'CANCELED' AND ${payouts.collectedOn} = ${paidOn})`;
  return db
    .select({ id: payins.id, amountCentavos: payins.amountCentavos })
    .from(payins)
    .where(
      and(
        eq(payins.schoolId, schoolId),
        inArray(payins.method, [...CARD]),
        isNotNull(payins.paidAt),
        sql`(${paidOn} = ${day}::date OR (${paidOn} < ${day}::date AND ${canceledDay}))`,
        notExists(
          db
            .select({ x: sql`1` })
            .from(payoutPayins)
            .where(eq(payoutPayins.payinId, payins.id)),
        ),
      ),
    );
}

/** What payouts already deducted of the reversal: a large one is split across payouts. */
const deductedOf = () =>
  sql<number>`(SELECT COALESCE(SUM(${payoutReversals.amountCentavos}), 0) FROM ${payoutReversals}
    WHERE ${payoutReversals.reversalId} = ${payinReversals.id})`;

/**
 * The school's applied card reversals not wholly deducted yet, with what is left of each,
 * oldest first: those of `payinIds` (the payout's own payments) and those of payments a payout
 * already holds (carried). Reversals of payments whose day is not scheduled yet wait for that
 * day's payout.
 */
export async function openCardReversals(
  db: Executor,
  schoolId: string,
  payinIds: string[],
): Promise<OpenReversal[]> {
  const left = sql<number>`${payinReversals.amountCentavos} - ${deductedOf()}`.mapWith(Number);
  const rows = await db
    .select({
      id: payinReversals.id,
      payinId: payinReversals.payinId,
      amountCentavos: left,
      paidOutBy: payoutPayins.payoutId,
    })
    .from(payinReversals)
    .innerJoin(payins, eq(payins.id, payinReversals.payinId))
    .leftJoin(payoutPayins, eq(payoutPayins.payinId, payinReversals.payinId))
    .where(
      and(
        eq(payinReversals.schoolId, schoolId),
        eq(payinReversals.status, 'applied'),
        inArray(payins.method, [...CARD]),
        sql`${left} > 0`,
        or(
          isNotNull(payoutPayins.payoutId),
          payinIds.length ? inArray(payinReversals.payinId, payinIds) : sql`false`,
        ),
      ),
    )
    .orderBy(payinReversals.appliedAt, payinReversals.id);
  return rows.map(({ paidOutBy, ...r }) => ({ ...r, carried: paidOutBy !== null }));
}

/**
 * What is left to deduct of the card reversals of payments no payout holds yet, by the day
 * those payments were paid: the payout of that day will deduct them (ADR 0057). Reversals of
 * paid-out payments are counted by the payout that carries them, once scheduled.
 */
export async function ownReversalsByPaidDay(db: Executor, r: DayRange): Promise<DayMethodSum[]> {
  const { rows } = await db.execute(sql`
    SELECT ${day(payins.paidAt)}::text AS date, ${payins.method} AS method, count(*) AS n,
           sum(${payinReversals.amountCentavos} - ${deductedOf()})::text AS centavos
      FROM ${payinReversals}
      JOIN ${payins} ON ${payins.id} = ${payinReversals.payinId}
     WHERE ${payinReversals.schoolId} = ${r.schoolId} AND ${payinReversals.status} = 'applied'
       AND ${payins.paidAt} IS NOT NULL
       AND ${day(payins.paidAt)} BETWEEN ${r.from}::date AND ${r.to}::date
       AND NOT EXISTS (SELECT 1 FROM ${payoutPayins} WHERE ${payoutPayins.payinId} = ${payins.id})
     GROUP BY 1, 2 ORDER BY 1, 2`);
  return toSums(rows);
}

/** What refunds of paid-out payments still wait for a payout to deduct them. */
export async function carriedPendingCentavos(db: Executor, schoolId: string): Promise<number> {
  const open = await openCardReversals(db, schoolId, []);
  return open.reduce((s, r) => s + r.amountCentavos, 0);
}

/**
 * Serializes scheduling within a school until the transaction ends: two days scheduled at
 * once must not both deduct the same carried refund.
 */
export async function lockSchoolPayouts(tx: Executor, schoolId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payouts:${schoolId}`}))`);
}

/** The new payout with its payins, or null when the day is already scheduled. */
export async function insertPayout(
  tx: Executor,
  row: NewPayoutRow,
  payinIds: string[],
  deducted: OpenReversal[],
): Promise<PayoutRow | null> {
  const [payout] = await tx.insert(payouts).values(row).onConflictDoNothing().returning();
  if (!payout) return null;
  if (payinIds.length)
    await tx
      .insert(payoutPayins)
      .values(payinIds.map((payinId) => ({ payinId, payoutId: payout.id })));
  if (deducted.length)
    await tx.insert(payoutReversals).values(
      deducted.map((r) => ({
        reversalId: r.id,
        payoutId: payout.id,
        carried: r.carried,
        amountCentavos: r.amountCentavos,
      })),
    );
  return payout;
}

export async function payoutOfDay(db: Executor, schoolId: string, day: string) {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.schoolId, schoolId), eq(payouts.collectedOn, day)));
  return row ?? null;
}

export async function payoutById(db: Executor, id: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row ?? null;
}

export async function payoutsOfSchool(db: Executor, schoolId: string, status?: Status) {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.schoolId, schoolId), status ? eq(payouts.status, status) : undefined))
    .orderBy(desc(payouts.collectedOn));
}

/** The payments a payout settles: its report. */
export async function paymentsOfPayout(db: Executor, payoutId: string): Promise<PayoutPayment[]> {
  const rows = await db
    .select()
    .from(payins)
    .innerJoin(payoutPayins, eq(payoutPayins.payinId, payins.id))
    .where(eq(payoutPayins.payoutId, payoutId))
    .orderBy(payins.paidAt);
  return rows.map(({ payins: p }) => ({
    payin_id: p.id,
    paid_at: p.paidAt!.toISOString(),
    method: p.method,
    amount_centavos: p.amountCentavos,
    receipt_number: p.receiptNumber,
    ticket_number: p.ticketNumber,
    card_brand: p.cardBrand,
    card_last4: p.cardLast4,
  }));
}

/** The reversals a payout deducts: its report's deduction lines, oldest first. */
export async function deductionsOfPayout(
  db: Executor,
  payoutId: string,
): Promise<PayoutDeduction[]> {
  const earlier = alias(payouts, 'earlier');
  const rows = await db
    .select({
      reversal: payinReversals,
      carried: payoutReversals.carried,
      amountCentavos: payoutReversals.amountCentavos,
      paidOutOn: earlier.collectedOn,
    })
    .from(payoutReversals)
    .innerJoin(payinReversals, eq(payinReversals.id, payoutReversals.reversalId))
    .leftJoin(payoutPayins, eq(payoutPayins.payinId, payinReversals.payinId))
    .leftJoin(earlier, eq(earlier.id, payoutPayins.payoutId))
    .where(eq(payoutReversals.payoutId, payoutId))
    .orderBy(payinReversals.appliedAt, payinReversals.id);
  return rows.map(({ reversal: r, carried, amountCentavos, paidOutOn }) => ({
    reversal_id: r.id,
    payin_id: r.payinId,
    label: carried ? CARRIED_REFUND_LABEL : REVERSAL_LABELS[r.kind],
    carried,
    paid_out_on: carried ? paidOutOn : null,
    applied_at: r.appliedAt!.toISOString(),
    amount_centavos: amountCentavos,
  }));
}

/**
 * Takes the payout for one execution: only a SCHEDULED or DECLINED payout, or one left
 * PROCESSING without a gateway ticket for a minute (the gateway's answer was lost), moves to
 * PROCESSING; `executions` counts the new ones. One conditional UPDATE: of twenty concurrent
 * executions one wins.
 */
export async function claimForExecution(
  db: Executor,
  id: string,
  by: string,
): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({
      status: 'PROCESSING',
      gatewayTicket: null,
      statusReason: null,
      // A retry after a lost answer is the same execution (the same Idempotency-Key).
      executions: sql`${payouts.executions} + CASE WHEN ${payouts.status} = 'PROCESSING' THEN 0 ELSE 1 END`,
      executedBy: by,
      executedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payouts.id, id),
        or(
          inArray(payouts.status, ['SCHEDULED', 'DECLINED']),
          and(
            eq(payouts.status, 'PROCESSING'),
            isNull(payouts.gatewayTicket),
            sql`${payouts.executedAt} < now() - interval '1 minute'`,
          ),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** The gateway's ticket of this execution, unless its webhook already brought it. */
export async function setGatewayTicket(
  db: Executor,
  id: string,
  ticket: string,
  publicMerchantId: string,
): Promise<void> {
  await db
    .update(payouts)
    .set({ gatewayTicket: ticket, publicMerchantId, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), isNull(payouts.gatewayTicket)));
}

/**
 * The gateway's final word on a PROCESSING payout, found by its ticket or — when the webhook
 * beat the execution's answer — by its id without a ticket yet. Null when nothing changed.
 */
export async function finishPayout(
  tx: Executor,
  n: {
    ticket: string;
    payoutId: string | null;
    status: 'APPROVED' | 'DECLINED';
    reason: string | null;
  },
): Promise<PayoutRow | null> {
  const byTicket = eq(payouts.gatewayTicket, n.ticket);
  const [row] = await tx
    .update(payouts)
    .set({
      status: n.status,
      statusReason: n.reason,
      gatewayTicket: n.ticket,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payouts.status, 'PROCESSING'),
        n.payoutId
          ? or(byTicket, and(eq(payouts.id, n.payoutId), isNull(payouts.gatewayTicket)))
          : byTicket,
      ),
    )
    .returning();
  if (row?.status === 'DECLINED') await announceDeclined(tx, row);
  return row ?? null;
}

/** The gateway refused the execution outright: DECLINED with its reason. */
export async function declineExecution(tx: Executor, id: string, reason: string): Promise<void> {
  const [row] = await tx
    .update(payouts)
    .set({ status: 'DECLINED', statusReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'PROCESSING'), isNull(payouts.gatewayTicket)))
    .returning();
  if (row) await announceDeclined(tx, row);
}

/** `payments.payout.declined` in the commit that declined it (ADR 0103): once per decline. */
function announceDeclined(tx: Executor, row: PayoutRow) {
  return enqueueEvent(tx, payoutDeclinedV1, {
    payout_id: row.id,
    school_id: row.schoolId,
    collected_on: row.collectedOn,
    net_centavos: row.netCentavos,
    reason: row.statusReason ?? 'La pasarela rechazó la dispersión.',
  });
}

/**
 * Cancels a payout that has not left (SCHEDULED or DECLINED; ADR 0056) and lets go of its
 * payments and deductions, so the next payout takes them. One conditional UPDATE: of twenty
 * concurrent cancels one wins. Null when it was not cancelable (or already canceled).
 */
export async function cancelPayoutRow(
  tx: Executor,
  id: string,
  by: { userId: string; reason: string },
): Promise<PayoutRow | null> {
  const [row] = await tx
    .update(payouts)
    .set({
      status: 'CANCELED',
      statusReason: by.reason,
      canceledBy: by.userId,
      canceledAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payouts.id, id), inArray(payouts.status, ['SCHEDULED', 'DECLINED'])))
    .returning();
  if (!row) return null;
  await tx.delete(payoutPayins).where(eq(payoutPayins.payoutId, id));
  await tx.delete(payoutReversals).where(eq(payoutReversals.payoutId, id));
  return row;
}

/** Another of the school's accounts, while the payout has not left (SCHEDULED or DECLINED). */
export async function changePayoutAccount(
  db: Executor,
  id: string,
  bankAccountId: string,
): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({ bankAccountId, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), inArray(payouts.status, ['SCHEDULED', 'DECLINED'])))
    .returning();
  return row ?? null;
}

export async function upsertPayoutBalance(
  db: Executor,
  row: typeof payoutBalances.$inferInsert,
): Promise<void> {
  await db
    .insert(payoutBalances)
    .values(row)
    .onConflictDoUpdate({
      target: [payoutBalances.schoolId, payoutBalances.asOf],
      set: {
        balanceCentavos: row.balanceCentavos,
        recordedBy: row.recordedBy,
        recordedAt: sql`now()`,
      },
    });
}

/** The payouts as answered, each with its bank account. */
export async function payoutViews(db: Executor, rows: PayoutRow[]): Promise<ScheduledPayout[]> {
  if (!rows.length) return [];
  const accounts = await db
    .select()
    .from(bankAccounts)
    .where(inArray(bankAccounts.id, [...new Set(rows.map((r) => r.bankAccountId))]));
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.map((r) => {
    const a = byId.get(r.bankAccountId)!;
    return {
      id: r.id,
      school_id: r.schoolId,
      collected_on: r.collectedOn,
      scheduled_on: r.scheduledOn,
      status: r.status,
      payins: r.payins,
      collected_centavos: r.collectedCentavos,
      reversed_centavos: r.reversedCentavos,
      carried_centavos: r.carriedCentavos,
      fee_centavos: r.feeCentavos,
      net_centavos: r.netCentavos,
      bank_account: { id: a.id, bank_name: a.bankName, clabe: a.clabe },
      gateway_ticket: r.gatewayTicket,
      status_reason: r.statusReason,
      created_by_name: r.createdByName,
      executed_at: r.executedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

/** How many of a school's payouts wait for approval. */
export async function scheduledPayoutCount(db: Executor, schoolId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payouts)
    .where(and(eq(payouts.schoolId, schoolId), eq(payouts.status, 'SCHEDULED')));
  return row!.count;
}
