import type { PayinReversed } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { PayinSucceeded } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { storeLineName, type StoreSale } from '@cuota/contracts/payments/store-checkout';
import type { Executor } from '@cuota/messaging/transaction';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { guardianOf } from '../families/family-repository';
import { queueNotifications } from '../guardian-notifications/notification-repository';

/** What was bought, as the receipt says it: «Playera polo (Talla 8) ×2, Libro (Única) ×1». */
export const storeConcepts = (sale: StoreSale) =>
  sale.lines.map((line) => `${storeLineName(line)} ×${line.quantity}`).join(', ');

/**
 * Who hears of a store sale: the family's guardian, or the e-mail a guest left at checkout. A
 * guest's row belongs to no guardian of the school (`guest:<payin>` matches none), so no
 * family ever opens it as theirs.
 */
async function buyerOf(tx: Executor, guardianId: string | null, sale: StoreSale, payinId: string) {
  const guardian = guardianId ? await guardianOf(tx, guardianId) : undefined;
  const recipient = guardian?.email ?? sale.buyer_email;
  if (!recipient) return undefined;
  return {
    guardianId: guardian?.guardianId ?? `guest:${payinId}`,
    recipient,
    name: guardian?.firstName ?? '',
  };
}

/** «Pago recibido» of a store sale (ADR 0083), once per payin. */
export async function queueStoreReceipt(
  tx: Executor,
  payin: PayinSucceeded,
  sale: StoreSale,
  now: Date,
): Promise<void> {
  const buyer = await buyerOf(tx, payin.guardian_id, sale, payin.payin_id);
  if (!buyer) return;
  await queueNotifications(tx, [
    {
      dedupeKey: `payment_received:${payin.payin_id}`,
      schoolId: payin.school_id,
      guardianId: buyer.guardianId,
      channel: 'MAIL',
      template: 'payment_received',
      recipient: buyer.recipient,
      variables: {
        guardian_name: buyer.name,
        amount_centavos: String(payin.amount_centavos),
        paid_on: mexicoCityDate(new Date(payin.paid_at)),
        concepts: `tu compra en la tienda: ${storeConcepts(sale)}`,
      },
      createdAt: now,
      nextAttemptAt: now,
    },
  ]);
}

/**
 * The refund of a store sale that sold out while its payment was confirmed (ADR 0092): the
 * buyer hears what went back and which articles, once per payin.
 */
export async function queueStoreRefund(
  tx: Executor,
  reversal: PayinReversed,
  now: Date,
): Promise<void> {
  const sale = reversal.store;
  if (!sale) return;
  const buyer = await buyerOf(tx, sale.guardian_id, sale, reversal.payin_id);
  if (!buyer) return;
  await queueNotifications(tx, [
    {
      dedupeKey: `store_refunded:${reversal.payin_id}`,
      schoolId: reversal.school_id,
      guardianId: buyer.guardianId,
      channel: 'MAIL',
      template: 'store_refunded',
      recipient: buyer.recipient,
      variables: {
        guardian_name: buyer.name,
        amount_centavos: String(reversal.amount_centavos),
        concepts: storeConcepts(sale),
      },
      createdAt: now,
      nextAttemptAt: now,
    },
  ]);
}
