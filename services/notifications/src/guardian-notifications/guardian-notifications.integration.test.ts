/**
 * A guardian opens their own notifications (PUT …/opened/, PUT and PATCH …/{id}/); staff ask
 * for reminders now (POST /api/v2/internal/schools/payment-reminder/) with billing.write in
 * their school; «pago recibido» follows payments' event. Each forbidden path is tried.
 */
import { randomUUID } from 'node:crypto';
import type { ApiError } from '@cuota/contracts/common/api-error';
import type { GuardianNotification } from '@cuota/contracts/notifications/entities';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { waitForMessage } from '@cuota/testing/mailbox';
import { waitFor } from '@cuota/testing/wait-for';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  guardianClaims,
  staffOf,
  startNotificationsTestSystem,
  type Family,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;
let family: Family;
let other: Family;
let notificationId: string;

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});
const remind = (orderIds: string[], who = staffOf(SCHOOL_ID, 'TREASURER'), school = SCHOOL_ID) =>
  system.call(
    '/api/v2/internal/schools/payment-reminder/',
    who,
    json('POST', { school_id: school, order_ids: orderIds }),
  );

beforeAll(async () => {
  // Orders due in 20 days: no schedule reminds them today, only staff can.
  system = await startNotificationsTestSystem({ now: new Date('2026-09-01T17:00:00Z') });
  family = await system.family(1);
  other = await system.family(2);
});
afterAll(() => system?.stop());

describe('POST /api/v2/internal/schools/payment-reminder/', () => {
  test('the treasurer reminds an order now: one e-mail, and never twice the same day', async () => {
    const [orderId] = await system.bill([family], '2026-09-21');
    const res = await remind([orderId!]);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ queued: 1, skipped_order_ids: [] });
    const mail = await waitForMessage(system.mailbox, family.email);
    expect(mail.text).toContain('vence el 21 de septiembre de 2026');
    notificationId = /notification_id=([0-9a-f-]{36})/.exec(mail.text)![1]!;

    const again = await remind([orderId!]);
    expect(await again.json()).toEqual({ queued: 0, skipped_order_ids: [orderId] });
  });

  test('an order unknown to the school is answered back as skipped', async () => {
    const unknown = randomUUID();
    expect(await (await remind([unknown])).json()).toEqual({
      queued: 0,
      skipped_order_ids: [unknown],
    });
  });

  test('the cashier (no billing.write) gets 403, another school 404, nothing queued', async () => {
    const [orderId] = await system.bill([other], '2026-09-22');
    expect((await remind([orderId!], staffOf(SCHOOL_ID, 'CASH_COLLECTION'))).status).toBe(403);
    expect((await remind([orderId!], staffOf(OTHER_SCHOOL_ID, 'OWNER'))).status).toBe(404);
    expect((await remind([orderId!], guardianClaims(other.guardianId))).status).toBe(403);
    const rows = await system.underTest.query(
      'SELECT 1 FROM guardian_notifications WHERE order_id = $1',
      [orderId],
    );
    expect(rows).toHaveLength(0);
  });

  test('bad input: a Spanish 400 and nothing written', async () => {
    const res = await system.call(
      '/api/v2/internal/schools/payment-reminder/',
      staffOf(SCHOOL_ID, 'TREASURER'),
      json('POST', { school_id: SCHOOL_ID, order_ids: [] }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Elige al menos una orden.');
  });
});

describe('guardian notifications', () => {
  const opened = (id: string, who = guardianClaims(family.guardianId)) =>
    system.call(`/api/v1/guardian_notification/${id}/opened/`, who, { method: 'PUT' });

  test('the family opens its notification; the first time stays', async () => {
    const first = await opened(notificationId);
    expect(first.status).toBe(200);
    const body = (await first.json()) as GuardianNotification;
    expect(body).toMatchObject({ id: notificationId, channel: 'MAIL', status: 'SENT' });
    expect(body.opened_at).toEqual(system.clock.now.toISOString());
    system.clock.now = new Date(system.clock.now.getTime() + 60_000);
    const second = await system.call(
      `/api/v1/guardian_notification/${notificationId}/`,
      guardianClaims(family.guardianId),
      json('PATCH', { opened: true }),
    );
    expect(((await second.json()) as GuardianNotification).opened_at).toBe(body.opened_at);
  });

  test("another family's notification is a 404, staff get 403, bad bodies a Spanish 400", async () => {
    const res = await opened(notificationId, guardianClaims(other.guardianId));
    expect(res.status).toBe(404);
    expect(((await res.json()) as ApiError).error.message).toBe('No encontramos esa notificación.');
    expect((await opened(notificationId, staffOf(SCHOOL_ID, 'OWNER'))).status).toBe(403);
    expect((await opened('no-es-un-id')).status).toBe(404);
    const put = await system.call(
      `/api/v1/guardian_notification/${notificationId}/`,
      guardianClaims(family.guardianId),
      json('PUT', { opened: false }),
    );
    expect(put.status).toBe(400);
    expect(JSON.stringify(await put.json())).toContain(
      'Solo se puede marcar la notificación como abierta.',
    );
  });
});

test('payments says a payin succeeded: «pago recibido» once, and the order is no longer reminded', async () => {
  const [orderId] = await system.bill([other], '2026-09-25');
  const payin = {
    payin_id: randomUUID(),
    school_id: SCHOOL_ID,
    type: 'CARD' as const,
    method: 'credit_card' as const,
    amount_centavos: 250_000,
    paid_at: '2026-09-01T17:00:00.000Z',
    guardian_id: other.guardianId,
    allocations: [
      {
        order_id: orderId!,
        student_id: other.studentId,
        concept_id: randomUUID(),
        concept_name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE' as const,
        period: '2026-09',
        base_centavos: 250_000,
        late_fee_centavos: 0,
        discount_centavos: 0,
      },
    ],
    credit_created_centavos: 0,
    credit_student_id: null,
  };
  // Delivered twice (a redelivery after a crash): one e-mail.
  await system.consumed(
    await system.publish(payinSucceededV1, payin),
    await system.publish(payinSucceededV1, payin),
  );
  const mail = await waitForMessage(system.mailbox, other.email);
  expect(mail.subject).toContain('Pago recibido');
  expect(mail.text).toContain('Recibimos tu pago de $2,500.00 MXN el 1 de septiembre de 2026.');
  expect(mail.text).toContain('Se aplicó a: Colegiatura.');
  await waitFor(async () => {
    const rows = await system.underTest.query<{ status: string }>(
      "SELECT status FROM guardian_notifications WHERE template = 'payment_received'",
    );
    return rows.length === 1 && rows[0]!.status === 'SENT';
  });
  expect(await (await remind([orderId!])).json()).toEqual({
    queued: 0,
    skipped_order_ids: [orderId],
  });
});
