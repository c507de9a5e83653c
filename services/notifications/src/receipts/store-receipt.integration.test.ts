/**
 * A store sale paid (payments.payin.succeeded with its store marker, ADR 0083): its receipt
 * goes by e-mail to the family's guardian, or to the e-mail a guest left; once per payin. A
 * sale refunded because it sold out (payments.payin.reversed with the sale, ADR 0092): the
 * buyer hears of the refund, its amount and lines, once.
 */
import { randomUUID } from 'node:crypto';
import type { PayinSucceeded } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import {
  payinReversedV1,
  type PayinReversed,
} from '@cuota/contracts/events/payments.payin.reversed.v1';
import { waitForMessage } from '@cuota/testing/mailbox';
import { STORE_SALE_CENTAVOS, testStoreSale } from '@cuota/testing/store-sale';
import { waitFor } from '@cuota/testing/wait-for';
import { SCHOOL_ID, useNotificationsTestSystem } from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

const system = useNotificationsTestSystem({ now: new Date('2026-09-01T17:00:00Z') });

const storeSale = (guardianId: string | null, buyerEmail: string | null): PayinSucceeded => ({
  payin_id: randomUUID(),
  school_id: SCHOOL_ID,
  type: 'CARD',
  method: 'credit_card',
  amount_centavos: STORE_SALE_CENTAVOS,
  paid_at: '2026-09-01T17:00:00.000Z',
  guardian_id: guardianId,
  allocations: [],
  credit_created_centavos: 0,
  credit_student_id: null,
  store: testStoreSale({ buyer_email: buyerEmail }),
});

const sentFor = (payinId: string) =>
  system.underTest.query<{ status: string; guardian_id: string }>(
    'SELECT status, guardian_id FROM guardian_notifications WHERE dedupe_key = $1',
    [`payment_received:${payinId}`],
  );

test('a family’s store sale: the receipt names the lines, once, to the guardian', async () => {
  const family = await system.family(1);
  const paid = storeSale(family.guardianId, null);
  await system.consumed(
    await system.publish(payinSucceededV1, paid),
    await system.publish(payinSucceededV1, paid),
  );
  const mail = await waitForMessage(system.mailbox, family.email);
  expect(mail.subject).toContain('Pago recibido');
  expect(mail.text).toContain('Recibimos tu pago de $1,120.00 MXN el 1 de septiembre de 2026.');
  expect(mail.text).toContain(
    'Se aplicó a: tu compra en la tienda: Playera polo (Talla 8) ×2, Libro de lectura ×1.',
  );
  await waitFor(async () => (await sentFor(paid.payin_id))[0]?.status === 'SENT');
  expect(await sentFor(paid.payin_id)).toHaveLength(1);
});

test('a guest’s store sale: the receipt goes to the e-mail left at checkout', async () => {
  const email = `invitada.${randomUUID().slice(0, 8)}@example.mx`;
  const paid = storeSale(null, email);
  await system.consumed(await system.publish(payinSucceededV1, paid));
  const mail = await waitForMessage(system.mailbox, email);
  expect(mail.text).toMatch(/^Hola:/);
  expect(mail.text).toContain('Playera polo (Talla 8) ×2');
  expect(await sentFor(paid.payin_id)).toEqual([
    expect.objectContaining({ guardian_id: `guest:${paid.payin_id}` }),
  ]);
});

const soldOutRefund = (paid: PayinSucceeded, withSale = true): PayinReversed => ({
  reversal_id: `store-lapsed:${paid.payin_id}`,
  payin_id: paid.payin_id,
  school_id: paid.school_id,
  kind: 'refund',
  whole: true,
  amount_centavos: paid.amount_centavos,
  allocations: [],
  credit_reversed_centavos: 0,
  reason: 'Tus artículos se agotaron mientras se confirmaba tu pago.',
  reversed_at: '2026-09-01T17:20:00.000Z',
  reversed_by: null,
  ...(withSale ? { store: { ...paid.store!, guardian_id: paid.guardian_id } } : {}),
});

const refundsOf = (payinId: string) =>
  system.underTest.query<{ status: string; guardian_id: string }>(
    'SELECT status, guardian_id FROM guardian_notifications WHERE dedupe_key = $1',
    [`store_refunded:${payinId}`],
  );

test('a guest’s sale refunded because it sold out: one e-mail with the amount and lines', async () => {
  const email = `agotado.${randomUUID().slice(0, 8)}@example.mx`;
  const paid = storeSale(null, email);
  const refund = soldOutRefund(paid);
  await system.consumed(
    await system.publish(payinReversedV1, refund),
    await system.publish(payinReversedV1, refund),
  );
  const mail = await waitForMessage(system.mailbox, email);
  expect(mail.subject).toContain('Reembolso de tu compra');
  expect(mail.text).toMatch(/^Hola:/);
  expect(mail.text).toContain(
    'Tus artículos se agotaron mientras se confirmaba tu pago, así que no pudimos completar tu compra.',
  );
  expect(mail.text).toContain('Te devolvimos $1,120.00 MXN a la tarjeta con la que pagaste');
  expect(mail.text).toContain('Artículos: Playera polo (Talla 8) ×2, Libro de lectura ×1.');
  await waitFor(async () => (await refundsOf(paid.payin_id))[0]?.status === 'SENT');
  expect(await refundsOf(paid.payin_id)).toEqual([
    expect.objectContaining({ guardian_id: `guest:${paid.payin_id}` }),
  ]);
});

test('a family’s refunded sale goes to its guardian; other refunds send no such e-mail', async () => {
  const family = await system.family(2);
  const paid = storeSale(family.guardianId, null);
  await system.consumed(await system.publish(payinReversedV1, soldOutRefund(paid)));
  const mail = await waitForMessage(system.mailbox, family.email);
  expect(mail.subject).toContain('Reembolso de tu compra');
  expect(mail.text).toContain('Hola, Tutor2:');

  const tuition = storeSale(family.guardianId, null);
  await system.consumed(await system.publish(payinReversedV1, soldOutRefund(tuition, false)));
  expect(await refundsOf(tuition.payin_id)).toEqual([]);
});
