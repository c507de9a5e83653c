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
 * «Pago recibido» of a store sale (ADR 0083), once per payin: to the family's guardian, or to
 * the e-mail a guest left at checkout. A guest's row belongs to no guardian of the school
 * (`guest:<payin>` matches none), so no family ever opens it as theirs.
 */
export async function queueStoreReceipt(
  tx: Executor,
  payin: PayinSucceeded,
  sale: StoreSale,
  now: Date,
): Promise<void> {
  const guardian = payin.guardian_id ? await guardianOf(tx, payin.guardian_id) : undefined;
  const recipient = guardian?.email ?? sale.buyer_email;
  if (!recipient) return;
  await queueNotifications(tx, [
    {
      dedupeKey: `payment_received:${payin.payin_id}`,
      schoolId: payin.school_id,
      guardianId: guardian?.guardianId ?? `guest:${payin.payin_id}`,
      channel: 'MAIL',
      template: 'payment_received',
      recipient,
      variables: {
        guardian_name: guardian?.firstName ?? '',
        amount_centavos: String(payin.amount_centavos),
        paid_on: mexicoCityDate(new Date(payin.paid_at)),
        concepts: `tu compra en la tienda: ${storeConcepts(sale)}`,
      },
      createdAt: now,
      nextAttemptAt: now,
    },
  ]);
}
