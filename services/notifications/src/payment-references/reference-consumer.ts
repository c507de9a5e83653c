import {
  payinReferenceIssuedV1,
  type PayinReferenceIssued,
} from '@cuota/contracts/events/payments.payin.reference_issued.v1';
import type { NotificationChannel } from '@cuota/contracts/notifications/entities';
import { bankOfClabe } from '@cuota/contracts/payments/clabe';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Executor } from '@cuota/messaging/transaction';
import { guardianOf } from '../families/family-repository';
import { queueNotifications } from '../guardian-notifications/notification-repository';
import { scheduleOf } from '../reminders/reminder-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const REFERENCE_CONSUMER = 'notifications-payments-references';

/**
 * «Tu referencia de pago» (ADR 0103): the family that opened a SPEI reference or a cash
 * voucher gets it by e-mail, and by WhatsApp where the school reminds by WhatsApp and the
 * guardian has a phone — once per payin and channel (the dedupe key), sent at once.
 */
async function queueReference(tx: Executor, issued: PayinReferenceIssued, now: Date) {
  const guardian = issued.guardian_id ? await guardianOf(tx, issued.guardian_id) : undefined;
  if (!guardian) return;
  const { channels } = await scheduleOf(tx, issued.school_id);
  const addresses: [NotificationChannel, string | null][] = [
    ['MAIL', guardian.email],
    ['WHATSAPP', channels.includes('WHATSAPP') ? guardian.phone : null],
  ];
  await queueNotifications(
    tx,
    addresses.flatMap(([channel, recipient]) =>
      recipient
        ? [
            {
              dedupeKey: `payment_reference:${issued.payin_id}${channel === 'MAIL' ? '' : ':WHATSAPP'}`,
              schoolId: issued.school_id,
              guardianId: guardian.guardianId,
              channel,
              template: 'payment_reference' as const,
              recipient,
              variables: {
                guardian_name: guardian.firstName,
                amount_centavos: String(issued.amount_centavos),
                reference: issued.reference,
                clabe: issued.clabe ?? '',
                bank: issued.clabe ? (bankOfClabe(issued.clabe) ?? '') : '',
                expires_at: issued.expires_at,
              },
              createdAt: now,
              nextAttemptAt: now,
            },
          ]
        : [],
    ),
  );
}

export function referenceSubscriptions(now: () => Date): Subscription[] {
  return [on(payinReferenceIssuedV1, (event, tx) => queueReference(tx, event.data, now()))];
}
