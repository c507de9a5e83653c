import type { Checkout, PaymentStatus } from '@cuota/contracts/payments/checkout';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { KeyTaken, onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import type { ChargeOutcome } from '../gateway/kushki-gateway';
import type { PaymentsDeps } from '../payments-deps';
import { recordChargeAnswer } from '../payins/payin-answer-repository';
import { appliedRead } from '../allocation/allocation-repository';
import {
  insertCardPayin,
  insertCardPayinPricedOn,
  payinByKey,
  checkoutOpeningRead,
  type CheckoutOpening,
  type NewCardPayin,
  type PayinRow,
} from '../payins/payin-repository';
import { assertRiskAllowsCard } from '../risk/credit-profile';
import { failCardPayin } from './fail-card-payin';
import { paymentStatusFrom, paymentStatusOf } from './payment-status';
import { payinItemsOf, pricedNow, quotePayment, type QuotedPayment } from './quote-payment';

export interface CheckoutAnswer {
  /** 202 pending (or already paid); 402 declined. */
  status: 202 | 402;
  payment: PaymentStatus;
  /** An earlier request with the key made the payin: this answers its state now. */
  replayed: boolean;
}

/**
 * A family pays orders by card (ADR 0016): the amounts are billing's, the Idempotency-Key
 * (kept on the payin, ADR 0019) makes a retry answer the first attempt, and only the request
 * that inserted the key charges the gateway — outside the transaction, with the payin id in
 * the charge's metadata. The webhook (or reconciliation) settles; a decline fails the payin
 * at once.
 */
export async function startCheckout(
  deps: PaymentsDeps,
  guardianId: string,
  body: Checkout,
  idempotencyKey: string,
): Promise<CheckoutAnswer> {
  // The family's risk, the payin the key holds, the allocation watermark, the orders'
  // allocations and the school's merchant: one statement.
  const opening = await checkoutOpeningRead(deps.db, {
    schoolId: body.school_id,
    idempotencyKey,
    guardianId,
    orderIds: body.items.map((i) => i.order_id),
  });
  assertRiskAllowsCard(opening.riskLevel);
  let opened = true; // the first look for the key's payin is the opening read's
  const key = {
    idempotencyKey,
    requestHash: requestHash({
      school_id: body.school_id,
      orders: body.items.map((i) => i.order_id).sort(),
      token: body.card.token,
    }),
  };
  // A retry, or a request that lost the key to a concurrent one, answers the payin's state.
  let charged: PaymentStatus | null = null;
  const { row, replayed } = await onceOnRow({
    hash: key.requestHash,
    find: async () => {
      if (!opened) return payinByKey(deps.db, body.school_id, idempotencyKey);
      opened = false;
      return opening.payin;
    },
    create: async () => {
      const made = await keyTakenMeanwhile(deps, body.school_id, idempotencyKey, () =>
        payinCharged(deps, guardianId, body, key, opening),
      );
      charged = made.answer;
      return made.payin;
    },
  });
  // The payin as it stands now (read again unless the charge's record gave it): 402 with the
  // gateway's reason once declined, else 202.
  const payment = charged ?? (await paymentStatusOf(deps.db, row.id));
  return { status: payment.status === 'failed' ? 402 : 202, payment, replayed };
}

/**
 * A request that lost the key while it quoted may find its orders paid by the winner (409
 * nothing due, before its insert could say KeyTaken): the winner's payin answers it then.
 */
async function keyTakenMeanwhile<T>(
  deps: PaymentsDeps,
  schoolId: string,
  idempotencyKey: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError && (await payinByKey(deps.db, schoolId, idempotencyKey)))
      throw new KeyTaken();
    throw err;
  }
}

/**
 * Quotes the orders, inserts the pending payin under its key, and charges the card; with the
 * payment's status when the charge's answer gave it.
 */
async function payinCharged(
  deps: PaymentsDeps,
  guardianId: string,
  body: Checkout,
  key: Pick<NewCardPayin, 'idempotencyKey' | 'requestHash'>,
  opening: Pick<CheckoutOpening, 'watermark' | 'applied' | 'merchant'>,
): Promise<{ payin: PayinRow; answer: PaymentStatus | null }> {
  const quote = await quotePayment(
    deps,
    body.school_id,
    body.items.map((i) => i.order_id),
    guardianId,
    { watermark: Number(opening.watermark), ...appliedRead(opening.applied) },
  );
  const { merchant, gateway } = deps.gateways.ofCurrent(opening.merchant);
  const payinOf = (q: QuotedPayment): NewCardPayin => ({
    ...key,
    schoolId: body.school_id,
    amountCentavos: q.amountCentavos,
    guardianId,
    studentIds: [...new Set(q.due.map((d) => d.studentId))],
    gatewayEnvironment: merchant.environment,
    publicMerchantId: merchant.publicMerchantId,
    quotedAfterSeq: q.watermark,
  });
  // One statement, no transaction around it (issue 18: BEGIN and COMMIT were two of them),
  // priced on the allocations the opening read; when others came to these orders since,
  // priced again on them as they stand after the quote.
  let inserted = await insertCardPayinPricedOn(
    deps.db,
    payinOf(quote),
    payinItemsOf(quote),
    quote.counted!,
  );
  if (!inserted) {
    const again = await pricedNow(deps, quote);
    inserted = await insertCardPayin(deps.db, payinOf(again), payinItemsOf(again));
  }
  const outcome = await gateway.charge({
    token: body.card.token,
    amountCentavos: inserted.amountCentavos,
    paymentId: inserted.id,
  });
  return { payin: inserted, answer: await recordOutcome(deps, inserted, outcome) };
}

/**
 * What the charge answered: the card, or the decline (failed at once), or unknown (webhook).
 * An approved charge's record answers the payment's status as it now stands.
 */
export async function recordOutcome(
  deps: PaymentsDeps,
  payin: PayinRow,
  outcome: ChargeOutcome,
): Promise<PaymentStatus | null> {
  if (outcome.kind === 'approved') {
    const { sale } = outcome;
    // One UPDATE: no transaction around it (two round trips fewer per checkout, issue 18).
    const json = await recordChargeAnswer(deps.db, payin.id, {
      ticketNumber: sale.ticketNumber,
      reference: sale.transactionReference,
      brand: sale.brand,
      last4: sale.last4,
    });
    return json === null ? null : paymentStatusFrom(json);
  }
  if (outcome.kind === 'declined') {
    await deps.db.transaction((tx) =>
      failCardPayin(
        tx,
        payin.id,
        { code: outcome.code, message: outcome.message },
        payin.publicMerchantId!,
      ),
    );
  } else {
    // The charge may exist: the webhook or the reconciliation job will tell.
    deps.logger.warn({ payinId: payin.id, reason: outcome.reason }, 'card charge outcome unknown');
  }
  return null;
}
