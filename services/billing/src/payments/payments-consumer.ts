import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { creditAppliedV1 } from '@cuota/contracts/events/payments.credit.applied.v1';
import { payinFailedV1 } from '@cuota/contracts/events/payments.payin.failed.v1';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import { payinInitiatedV1 } from '@cuota/contracts/events/payments.payin.initiated.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { clearWaiting, markWaiting } from '../orders/order-payment-repository';
import { applyPayment } from './apply-payment';
import { reversePayment } from './reverse-payment';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const PAYMENTS_CONSUMER = 'billing-payments';

/**
 * Payments' events on billing's orders (ADR 0016): a card payment on its way shows them
 * WAITING_PAID; a failure restores them; a payment or a credit applied pays them; a payin
 * voided or refunded reopens them.
 */
export function paymentsSubscriptions(logger: Logger): Subscription[] {
  return [
    on(payinInitiatedV1, (e, tx) =>
      markWaiting(tx, e.data.school_id, e.data.order_ids, e.data.payin_id),
    ),
    on(payinFailedV1, (e, tx) => clearWaiting(tx, e.data.payin_id)),
    on(payinSucceededV1, async (e, tx) => {
      await applyPayment(
        tx,
        {
          sourceId: e.data.payin_id,
          schoolId: e.data.school_id,
          appliedAt: new Date(e.data.paid_at),
          allocations: e.data.allocations,
        },
        logger,
      );
      await clearWaiting(tx, e.data.payin_id);
    }),
    on(creditAppliedV1, (e, tx) =>
      applyPayment(
        tx,
        {
          sourceId: e.data.application_id,
          schoolId: e.data.school_id,
          appliedAt: new Date(e.data.applied_at),
          allocations: e.data.allocations,
        },
        logger,
      ),
    ),
    on(payinReversedV1, (e, tx) => reversePayment(tx, e.data, logger)),
  ];
}
