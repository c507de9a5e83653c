/**
 * Payment reminders end to end on the real PostgreSQL, NATS and SMTP sandbox: enrolment's and
 * billing's events in, e-mails out (read back from the sandbox over HTTP), billing's quote
 * asked right before sending.
 */
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { waitFor } from '@cuota/testing/wait-for';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import {
  SCHOOL_ID,
  SCHOOL_NAME,
  useNotificationsTestSystem,
} from '../test-support/notifications-test-system';
import { planReminders } from './reminder-repository';
import { NO_LONGER_DUE } from '../sending/notification-sender';

jest.setTimeout(60_000);

// 10:00 in Mexico City on 7 September 2026: three days before the 10th.
const system = useNotificationsTestSystem({ now: new Date('2026-09-07T16:00:00Z') });

const statusOf = async (orderId: string) =>
  system.underTest.query<{ status: string; last_error: string | null; reminder_kind: string }>(
    'SELECT status, last_error, reminder_kind FROM guardian_notifications WHERE order_id = $1',
    [orderId],
  );

test('three days before the due date the family gets one e-mail: HTML and text, school, amount, link', async () => {
  const family = await system.family(1);
  const [orderId] = await system.bill([family], '2026-09-10');
  const mail = await waitForMessage(system.mailbox, family.email);
  expect(mail.subject).toBe(
    `Recordatorio de pago: Colegiatura de septiembre de 2026 · ${SCHOOL_NAME}`,
  );
  expect(mail.text).toContain('Hola, Tutor1:');
  expect(mail.text).toContain(
    'el pago de Colegiatura de septiembre de 2026 de Alumno1 López vence el 10 de septiembre de 2026.',
  );
  expect(mail.text).toContain('Importe pendiente: $2,500.00 MXN.');
  const [row] = await waitFor(async () => {
    const rows = await statusOf(orderId!);
    return rows[0]?.status === 'SENT' ? rows : undefined;
  });
  expect(row!.reminder_kind).toBe('BEFORE_DUE');
  const [{ id } = { id: '' }] = await system.underTest.query<{ id: string }>(
    'SELECT id FROM guardian_notifications WHERE order_id = $1',
    [orderId],
  );
  // The family's own portal (enrolment's hash, carried by its guardian event): its sign-in
  // page until a session exists, then the payments page with the notification opened.
  const link =
    `http://portal.cuota.test/guardians/${family.guardianHash}/payments?notification_id=${id}` +
    '&utm_source=email&utm_medium=notificacion&utm_campaign=payment_reminder';
  expect(mail.text).toContain(`Entra a tu portal: ${link}`);
  expect(mail.html).toContain(SCHOOL_NAME);
  expect(mail.html).toContain(`href="${link.replaceAll('&', '&#38;')}"`);

  // Planning the same day again (another pass, another instance) writes nothing more.
  const again = await planReminders(system.underTest.service.db, {
    schoolId: SCHOOL_ID,
    day: mexicoCityDate(system.clock.now),
    now: system.clock.now,
    channels: ['MAIL'],
    selection: { targets: [{ kind: 'DUE_TODAY', dueOn: '2026-09-10' }] },
  });
  expect(again).toEqual([]);
  expect(await messagesTo(system.mailbox, family.email)).toHaveLength(1);
});

test('written in quiet hours it waits for 08:00; paid meanwhile, it is cancelled and never sent', async () => {
  // 23:00 in Mexico City on the 7th: the reminder is queued for the 10th but held.
  system.clock.now = new Date('2026-09-08T05:00:00Z');
  const family = await system.family(2);
  const [orderId] = await system.bill([family], '2026-09-10');
  const [held] = await waitFor(async () => {
    const rows = await system.underTest.query<{ status: string; next_attempt_at: Date }>(
      'SELECT status, next_attempt_at FROM guardian_notifications WHERE order_id = $1',
      [orderId],
    );
    return rows[0]?.status === 'QUEUED' && rows[0].next_attempt_at > system.clock.now
      ? rows
      : undefined;
  });
  expect(held!.next_attempt_at).toEqual(new Date('2026-09-08T14:00:00Z'));

  system.billing.pay(orderId!);
  system.clock.now = new Date('2026-09-08T14:00:30Z');
  const [row] = await waitFor(async () => {
    const rows = await statusOf(orderId!);
    return rows[0]?.status === 'CANCELED' ? rows : undefined;
  });
  expect(row!.last_error).toBe(NO_LONGER_DUE);
  expect(await messagesTo(system.mailbox, family.email)).toHaveLength(0);
});
