/**
 * «Tu referencia de pago» (ADR 0103): payments' payments.payin.reference_issued, over real
 * NATS, becomes the family's e-mail (and WhatsApp where the school sends WhatsApp and the
 * guardian has a phone) with the CLABE or voucher, the exact amount and «Paga antes del» —
 * sent at once, even in quiet hours, and once whatever the redeliveries.
 */
import { randomUUID } from 'node:crypto';
import { payinReferenceIssuedV1 } from '@cuota/contracts/events/payments.payin.reference_issued.v1';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  MAIL_AND_WHATSAPP_SCHEDULE,
  SCHOOL_ID,
  SCHOOL_NAME,
  useNotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

const system = useNotificationsTestSystem({
  // 23:00 in Mexico City: quiet hours hold reminders, not what the family just asked for.
  now: new Date('2026-09-08T05:00:00Z'),
  schedule: MAIL_AND_WHATSAPP_SCHEDULE,
});

const reference = (guardianId: string, method: 'transfer' | 'cash') => ({
  payin_id: randomUUID(),
  school_id: SCHOOL_ID,
  guardian_id: guardianId,
  method,
  amount_centavos: 7_000_00,
  reference: method === 'transfer' ? '1234567' : '98765432109876',
  clabe: method === 'transfer' ? '646180157000000004' : null,
  // 22:59 of 10 September in Mexico City.
  expires_at: '2026-09-11T04:59:00.000Z',
});

test('a SPEI reference: the e-mail and the WhatsApp say the CLABE, the amount and until when, once', async () => {
  const family = await system.family(1, '55 1234 5678');
  const issued = reference(family.guardianId, 'transfer');
  const eventId = await system.publish(payinReferenceIssuedV1, issued);

  const mail = await waitForMessage(system.mailbox, family.email);
  expect(mail.subject).toBe(`Tu referencia de pago · ${SCHOOL_NAME}`);
  expect(mail.text).toContain(
    'Para pagar $7,000.00 MXN, transfiere por SPEI a la CLABE 646180157000000004 (STP) con ' +
      'la referencia 1234567 en el concepto.',
  );
  expect(mail.text).toContain(
    'Paga antes del 10 de septiembre de 2026, 22:59 h (hora del centro de México).',
  );
  const whatsApp = await waitFor(() =>
    system.whatsapp.messages.find((m) => m.to === '525512345678'),
  );
  expect(whatsApp.template).toBe('referencia_pago');
  expect(whatsApp.text).toMatch(
    /^Hola, Tutor1: para pagar \$7,000\.00 MXN, transfiere por SPEI a la CLABE 646180157000000004 \(STP\) con la referencia 1234567 en el concepto\. Paga antes del 10 de septiembre de 2026, 22:59 h \(hora del centro de México\)\. Tu portal: http:\/\/portal\.cuota\.test\/l\/[A-Za-z0-9_-]{8}$/,
  );

  // Delivered again (same event, another Nats-Msg-Id), then another family's voucher: once
  // that one is sent the redelivery was taken before it, and queued nothing.
  await publishEvent(
    system.ns.nc,
    system.ns,
    payinReferenceIssuedV1,
    issued,
    eventId,
    randomUUID(),
  );
  const other = await system.family(2);
  await system.publish(payinReferenceIssuedV1, reference(other.guardianId, 'cash'));
  const voucher = await waitForMessage(system.mailbox, other.email);
  expect(voucher.text).toContain(
    'Para pagar $7,000.00 MXN, paga en efectivo en una tienda de conveniencia con la ' +
      'referencia 98765432109876.',
  );
  expect(await messagesTo(system.mailbox, family.email)).toHaveLength(1);
  const rows = await system.underTest.query<{ channel: string; guardian_id: string }>(
    "SELECT channel, guardian_id FROM guardian_notifications WHERE template = 'payment_reference' ORDER BY guardian_id = $1 DESC, channel",
    [family.guardianId],
  );
  expect(rows).toEqual([
    { channel: 'MAIL', guardian_id: family.guardianId },
    { channel: 'WHATSAPP', guardian_id: family.guardianId },
    // No phone: e-mail only.
    { channel: 'MAIL', guardian_id: other.guardianId },
  ]);
});
