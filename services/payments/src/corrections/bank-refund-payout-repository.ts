import { and, eq, isNotNull, or } from 'drizzle-orm';
import { bankRefundDeclinedV1 } from '@cuota/contracts/events/payments.bank_refund.declined.v1';
import { bankOfClabe } from '@cuota/contracts/payments/clabe';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { payinReversals } from '../schema';
import type { ReversalRow } from './reversal-repository';

/**
 * A bank refund's payout on its reversal row (ADR 0110): found by the gateway's notice, ended
 * once (approved, or declined and announced), and what the family owes when it had spent the
 * credit. With reversal-repository.ts, the only code that touches `payin_reversals`.
 */

/**
 * The bank refund a `kushki/payout_status` notice is about (ADR 0110), locked: by its ticket,
 * else by the reversal id its metadata carries (the webhook can beat the gateway's answer).
 */
export async function reversalForPayout(
  tx: Executor,
  notice: { ticketNumber: string; reversalId: string | null },
): Promise<ReversalRow | null> {
  const byTicket = eq(payinReversals.gatewayTicketNumber, notice.ticketNumber);
  const [row] = await tx
    .select()
    .from(payinReversals)
    .where(
      and(
        isNotNull(payinReversals.payoutStatus),
        notice.reversalId && UUID.test(notice.reversalId)
          ? or(byTicket, eq(payinReversals.id, notice.reversalId))
          : byTicket,
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A bank refund's payout ended: once (a conditional update from pending), with its ticket and,
 * when declined, the gateway's reason and its announcement; null when it had already ended.
 */
export async function finishReversalPayout(
  tx: Executor,
  id: string,
  n: { status: 'applied' | 'declined'; ticketNumber: string; reason: string | null },
): Promise<ReversalRow | null> {
  const [row] = await tx
    .update(payinReversals)
    .set({
      payoutStatus: n.status,
      gatewayTicketNumber: n.ticketNumber,
      ...(n.status === 'declined' && { errorMessage: n.reason }),
    })
    .where(and(eq(payinReversals.id, id), eq(payinReversals.payoutStatus, 'pending')))
    .returning();
  if (row?.payoutStatus === 'declined') await announcePayoutDeclined(tx, row);
  return row ?? null;
}

/**
 * A bank refund's payout left after the family spent part of that credit: what it now owes
 * (ADR 0110), written in the transaction that posted it (once: only the first notice posts).
 */
export async function recordCreditOwed(tx: Executor, id: string, owedCentavos: number) {
  await tx
    .update(payinReversals)
    .set({ creditOwedCentavos: owedCentavos })
    .where(eq(payinReversals.id, id));
}

/** The gateway refused a bank refund's payout outright: the credit stays (ADR 0110). */
export async function declinePayoutOf(tx: Executor, id: string, message: string) {
  const [row] = await tx
    .update(payinReversals)
    .set({ payoutStatus: 'declined', errorMessage: message })
    .where(and(eq(payinReversals.id, id), eq(payinReversals.payoutStatus, 'pending')))
    .returning();
  if (row) await announcePayoutDeclined(tx, row);
}

/** `payments.bank_refund.declined` in the commit that declined it: once per refund. */
function announcePayoutDeclined(tx: Executor, row: ReversalRow) {
  return enqueueEvent(tx, bankRefundDeclinedV1, {
    reversal_id: row.id,
    payin_id: row.payinId,
    school_id: row.schoolId,
    amount_centavos: row.amountCentavos,
    holder_name: row.payoutHolderName ?? '',
    bank_name: bankOfClabe(row.payoutClabe ?? ''),
    reason: row.errorMessage ?? '',
  });
}
