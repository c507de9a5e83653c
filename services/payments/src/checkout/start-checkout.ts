import type { Checkout, PaymentStatus } from '@cuota/contracts/payments/checkout';
import { onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import type { ChargeOutcome } from '../gateway/kushki-gateway';
import type { PaymentsDeps } from '../payments-deps';
import {
  insertCardPayin,
  payinByKey,
  recordChargeAnswer,
  type NewCardPayin,
  type NewPayinItem,
  type PayinRow,
} from '../payins/payin-repository';
import { assertMayPayByCard } from '../risk/credit-profile';
import { failCardPayin } from './fail-card-payin';
import { paymentStatusOf } from './payment-status';
import { quotePayment } from './quote-payment';

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
  await assertMayPayByCard(deps.db, body.school_id, guardianId);
  const key = {
    idempotencyKey,
    requestHash: requestHash({
      school_id: body.school_id,
      orders: body.items.map((i) => i.order_id).sort(),
      token: body.card.token,
    }),
  };
  // A retry, or a request that lost the key to a concurrent one, answers the payin's state.
  const { row, replayed } = await onceOnRow({
    hash: key.requestHash,
    find: () => payinByKey(deps.db, body.school_id, idempotencyKey),
    create: () => payinCharged(deps, guardianId, body, key),
  });
  return { ...(await answerFor(deps, row)), replayed };
}

/** Quotes the orders, inserts the pending payin under its key, and charges the card. */
async function payinCharged(
  deps: PaymentsDeps,
  guardianId: string,
  body: Checkout,
  key: Pick<NewCardPayin, 'idempotencyKey' | 'requestHash'>,
): Promise<PayinRow> {
  const {
    watermark,
    quoted,
    due,
    amountCentavos: amount,
  } = await quotePayment(
    deps,
    body.school_id,
    body.items.map((i) => i.order_id),
    guardianId,
  );
  const { merchant, gateway } = await deps.gateways.current(body.school_id);

  const items: NewPayinItem[] = due.map((d, i) => ({
    orderId: d.orderId,
    studentId: d.studentId,
    conceptId: d.conceptId,
    conceptName: d.conceptName,
    conceptType: d.conceptType,
    period: d.period,
    dueOn: d.dueOn,
    baseCentavos: d.baseDue,
    lateFeeCentavos: d.lateFeeDue,
    orderAmountCentavos: quoted[i]!.amount_centavos ?? null,
    orderLateFeeCentavos: quoted[i]!.late_fee_centavos ?? null,
  }));
  const inserted = await deps.db.transaction((tx) =>
    insertCardPayin(
      tx,
      {
        ...key,
        schoolId: body.school_id,
        amountCentavos: amount,
        guardianId,
        studentIds: [...new Set(due.map((d) => d.studentId))],
        gatewayEnvironment: merchant.environment,
        publicMerchantId: merchant.publicMerchantId,
        quotedAfterSeq: watermark,
      },
      items,
    ),
  );
  const outcome = await gateway.charge({
    token: body.card.token,
    amountCentavos: amount,
    paymentId: inserted.id,
  });
  await recordOutcome(deps, inserted, outcome);
  return inserted;
}

/** What the charge answered: the card, or the decline (failed at once), or unknown (webhook). */
export async function recordOutcome(deps: PaymentsDeps, payin: PayinRow, outcome: ChargeOutcome) {
  if (outcome.kind === 'approved') {
    const { sale } = outcome;
    // One UPDATE: no transaction around it (two round trips fewer per checkout, issue 18).
    await recordChargeAnswer(deps.db, payin.id, {
      ticketNumber: sale.ticketNumber,
      reference: sale.transactionReference,
      brand: sale.brand,
      last4: sale.last4,
    });
  } else if (outcome.kind === 'declined') {
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
}

/** The payin as it stands now: 402 with the gateway's reason once declined, else 202. */
async function answerFor(
  deps: PaymentsDeps,
  payin: PayinRow,
): Promise<Omit<CheckoutAnswer, 'replayed'>> {
  const payment = await paymentStatusOf(deps.db, payin.id);
  return { status: payment.status === 'failed' ? 402 : 202, payment };
}
