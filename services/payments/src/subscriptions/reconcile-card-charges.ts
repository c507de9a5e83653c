import { settleSubscriptionCharge } from '../checkout/receive-subscription-charge';
import type { MerchantCredentials } from '../gateway/gateway-credentials-repository';
import type { TransactionsWindow } from '../gateway/kushki-gateway';
import type { PaymentsDeps } from '../payments-deps';
import {
  recordChargeOutcome,
  releaseCharge,
  unansweredCharges,
  type CardChargeRow,
  type CardSubscriptionRow,
} from './card-subscription-repository';

/** Far longer than a charge call may take (30 s): a claim this old is not in flight. */
export const UNANSWERED_AFTER_MS = 10 * 60_000;
/** The gateway's clock may run a little behind ours when it stamps the sale. */
const LIST_MARGIN_MS = 60_000;

export interface ChargesReconciled {
  settled: number;
  declined: number;
  released: number;
}

type Unanswered = { charge: CardChargeRow; card: CardSubscriptionRow };

/**
 * Card subscription charges claimed and never answered (ADR 0072): the process died between
 * the claim and Kushki's answer, or the call timed out. Each is looked up in the merchant's
 * transactions list by the order id its metadata carries: an approved sale is settled as its
 * webhook would (one payin per ticket, whichever comes first), a declined one recorded, and
 * a charge Kushki never made is released for a later pass to charge again.
 */
export async function reconcileCardCharges(
  deps: PaymentsDeps,
  unansweredAfterMs = UNANSWERED_AFTER_MS,
): Promise<ChargesReconciled> {
  const now = deps.now();
  const due = await unansweredCharges(deps.db, new Date(now.getTime() - unansweredAfterMs));
  const done: ChargesReconciled = { settled: 0, declined: 0, released: 0 };
  for (const charges of byMerchant(due)) {
    try {
      await reconcileMerchant(deps, charges, now, done);
    } catch (err) {
      // Left unanswered for the next pass: one merchant's trouble must not stop the others.
      const school = charges[0]!.card.schoolId;
      deps.logger.warn({ err, school }, 'card charges not reconciled this pass');
    }
  }
  return done;
}

async function reconcileMerchant(
  deps: PaymentsDeps,
  charges: Unanswered[],
  now: Date,
  done: ChargesReconciled,
): Promise<void> {
  const { schoolId, publicMerchantId } = charges[0]!.card;
  const { merchant } = await deps.gateways.current(schoolId);
  if (merchant.publicMerchantId !== publicMerchantId) return; // its merchant is gone: left
  const oldest = charges[0]!.charge.createdAt.getTime() - LIST_MARGIN_MS;
  const window = await deps.gateways
    .gatewayFor(merchant)
    .transactionsBetween(new Date(oldest), now);
  for (const unanswered of charges)
    done[await reconcileCharge(deps, merchant, window, unanswered)] += 1;
}

async function reconcileCharge(
  deps: PaymentsDeps,
  merchant: MerchantCredentials,
  window: TransactionsWindow,
  { charge, card }: Unanswered,
): Promise<keyof ChargesReconciled> {
  const sales = window.sales.filter((s) => s.orderId === charge.orderId);
  const approved = sales.find((s) => s.status === 'APPROVAL');
  if (approved) {
    await settleSubscriptionCharge(deps, merchant, {
      merchantId: merchant.merchantId,
      subscriptionId: card.gatewaySubscriptionId,
      studentId: card.studentId,
      conceptId: card.conceptId,
      period: charge.period,
      sale: approved,
    });
    await recordChargeOutcome(deps.db, charge.id, {
      status: 'APPROVED',
      ticketNumber: approved.ticketNumber,
    });
    return 'settled';
  }
  const declined = sales.find((s) => s.status === 'DECLINED');
  if (declined) {
    const message = declined.responseText ?? 'La tarjeta fue declinada.';
    await recordChargeOutcome(deps.db, charge.id, { status: 'DECLINED', message });
    return 'declined';
  }
  await releaseCharge(deps.db, charge.id);
  return 'released';
}

function byMerchant(charges: Unanswered[]): Unanswered[][] {
  const groups = new Map<string, Unanswered[]>();
  for (const c of charges) {
    const key = `${c.card.schoolId}:${c.card.publicMerchantId}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}
