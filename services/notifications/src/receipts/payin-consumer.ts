import {
  payinSucceededV1,
  type PayinSucceeded,
} from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Executor } from '@cuota/messaging/transaction';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { queueNotifications } from '../guardian-notifications/notification-repository';
import { applyAllocations } from '../receivables/receivable-repository';
import { guardianOf } from '../families/family-repository';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import { queueStoreReceipt, queueStoreRefund } from './store-receipt';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const PAYIN_CONSUMER = 'notifications-payments-payins';
/** Its own durable: the payins one's single-subject filter stays as deployed. */
export const REVERSAL_CONSUMER = 'notifications-payments-reversals';

/** «Pago recibido» to the family that paid, once per payin (its dedupe key). */
async function queueReceipt(tx: Executor, payin: PayinSucceeded, now: Date): Promise<void> {
  if (payin.store) return queueStoreReceipt(tx, payin, payin.store, now);
  if (!payin.guardian_id) return;
  const guardian = await guardianOf(tx, payin.guardian_id);
  if (!guardian?.email) return;
  const concepts = [...new Set(payin.allocations.map((a) => a.concept_name))];
  await queueNotifications(tx, [
    {
      dedupeKey: `payment_received:${payin.payin_id}`,
      schoolId: payin.school_id,
      guardianId: guardian.guardianId,
      channel: 'MAIL',
      template: 'payment_received',
      recipient: guardian.email,
      variables: {
        guardian_name: guardian.firstName,
        amount_centavos: String(payin.amount_centavos),
        paid_on: mexicoCityDate(new Date(payin.paid_at)),
        concepts: concepts.join(', ') || 'saldo a favor',
      },
      createdAt: now,
      nextAttemptAt: now,
    },
  ]);
}

/**
 * A payment applied: its orders are paid that much (the planner stops reminding a paid one),
 * and the family hears it was received — both in the event's transaction with the inbox row.
 */
export function payinSubscriptions(now: () => Date): Subscription[] {
  return [
    on(payinSucceededV1, async (event, tx) => {
      await applyAllocations(tx, event.data.allocations);
      await queueReceipt(tx, event.data, now());
    }),
  ];
}

/** A store sale refunded because it sold out: the buyer hears of it (ADR 0092). */
export function reversalSubscriptions(now: () => Date): Subscription[] {
  return [on(payinReversedV1, (event, tx) => queueStoreRefund(tx, event.data, now()))];
}
