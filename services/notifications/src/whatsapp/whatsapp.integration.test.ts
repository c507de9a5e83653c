/**
 * Reminders by WhatsApp end to end (ADR 0075): the school's schedule names the channels, the
 * WhatsApp sandbox (Cloud API shapes) takes the approved template and answers its status
 * webhooks, signed; notifications keeps delivered and read on the message.
 */
import { createHmac } from 'node:crypto';
import { ANONYMOUS_IDENTITY } from '@cuota/contracts/identity/identity-claims';
import { waitForMessage } from '@cuota/testing/mailbox';
import { waitFor } from '@cuota/testing/wait-for';
import { whatsAppWebhook } from '@cuota/contracts/notifications/endpoints';
import {
  MAIL_AND_WHATSAPP_SCHEDULE,
  startNotificationsTestSystem,
  TEST_WHATSAPP,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';
import { BAD_WHATSAPP_SIGNATURE, MESSAGE_NOT_YET_KNOWN } from './whatsapp-webhook-handlers';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;

interface Row {
  id: string;
  channel: string;
  status: string;
  recipient: string;
  provider_message_id: string | null;
  delivered_at: Date | null;
  read_at: Date | null;
  last_error: string | null;
}
const rowsOf = (orderId: string) =>
  system.underTest.query<Row>(
    `SELECT id, channel, status, recipient, provider_message_id, delivered_at, read_at, last_error
     FROM guardian_notifications WHERE order_id = $1 ORDER BY channel`,
    [orderId],
  );
const whatsAppRowOf = (orderId: string, ready: (row: Row) => boolean) =>
  waitFor(async () => (await rowsOf(orderId)).find((r) => r.channel === 'WHATSAPP' && ready(r)));

beforeAll(async () => {
  // 10:00 in Mexico City on 7 September 2026: three days before the 10th.
  system = await startNotificationsTestSystem({ now: new Date('2026-09-07T16:00:00Z') });
  await system.saveSchedule(MAIL_AND_WHATSAPP_SCHEDULE);
});
afterAll(() => system?.stop());

test('a family with a phone gets the e-mail and the approved WhatsApp template; delivered and read are kept', async () => {
  const family = await system.family(1, '55 1234 5678');
  const [orderId] = await system.bill([family], '2026-09-10');
  await waitForMessage(system.mailbox, family.email);
  const row = await whatsAppRowOf(orderId!, (r) => r.read_at !== null);

  const [message] = system.whatsapp.messages.filter((m) => m.to === '525512345678');
  expect(message).toMatchObject({ template: 'recordatorio_pago', id: row.provider_message_id });
  expect(message!.text).toMatch(
    new RegExp(
      '^Hola, Tutor1: te recordamos que el pago de Colegiatura de septiembre de 2026 de Alumno1 ' +
        'López vence el 10 de septiembre de 2026. Importe pendiente: \\$2,500\\.00 MXN\\. ' +
        'Entra a tu portal: http://portal\\.cuota\\.test/l/[A-Za-z0-9_-]{8}$',
    ),
  );
  // The short link leads to the family's payments page, the notification and campaign kept.
  const shortLink = new URL(message!.text.split(' ').at(-1)!);
  const followed = await system.call(shortLink.pathname, ANONYMOUS_IDENTITY, {
    redirect: 'manual',
  });
  expect(followed.status).toBe(302);
  expect(followed.headers.get('location')).toBe(
    `/guardians/${family.guardianHash}/payments?notification_id=${row.id}` +
      '&utm_source=whatsapp&utm_medium=notificacion&utm_campaign=payment_reminder',
  );
  expect(row).toMatchObject({ status: 'SENT', recipient: '525512345678' });
  expect(row.delivered_at).not.toBeNull();
  expect(row.read_at!.getTime()).toBeGreaterThanOrEqual(row.delivered_at!.getTime());
});

test('a family without a phone gets only the e-mail', async () => {
  const family = await system.family(2);
  const [orderId] = await system.bill([family], '2026-09-10');
  await waitForMessage(system.mailbox, family.email);
  const rows = await waitFor(async () => {
    const all = await rowsOf(orderId!);
    return all.every((r) => r.status === 'SENT') ? all : undefined;
  });
  expect(rows.map((r) => r.channel)).toEqual(['MAIL']);
});

test('a number WhatsApp cannot deliver to ends FAILED with its reason; one never read has no read time', async () => {
  const [lost, unread] = [
    await system.family(3, '55 9999 0000'),
    await system.family(4, '55 9999 1111'),
  ];
  const [lostOrder, unreadOrder] = await system.bill([lost, unread], '2026-09-10');
  const failed = await whatsAppRowOf(lostOrder!, (r) => r.status === 'FAILED');
  expect(failed.last_error).toBe('WhatsApp 131026: Message undeliverable');
  const delivered = await whatsAppRowOf(unreadOrder!, (r) => r.delivered_at !== null);
  await system.whatsapp.webhooks.settled();
  expect((await whatsAppRowOf(unreadOrder!, () => true)).read_at).toBeNull();
  expect(delivered.status).toBe('SENT');
});

test('a status webhook not signed with the app secret is refused (401) and changes nothing', async () => {
  const family = await system.family(5, '55 9999 1112');
  const [orderId] = await system.bill([family], '2026-09-10');
  const sent = await whatsAppRowOf(orderId!, (r) => r.delivered_at !== null);
  await system.whatsapp.webhooks.settled();
  const forged = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: {
              statuses: [{ id: sent.provider_message_id, status: 'failed', timestamp: '1' }],
            },
          },
        ],
      },
    ],
  });
  const post = (signature: string) =>
    system.webhook(whatsAppWebhook.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: forged,
    });
  const wrongKey = `sha256=${createHmac('sha256', 'otro-secreto').update(forged).digest('hex')}`;
  for (const signature of ['', wrongKey]) {
    const refused = await post(signature);
    expect(refused.status).toBe(401);
    expect(JSON.stringify(await refused.json())).toContain(BAD_WHATSAPP_SIGNATURE);
  }
  expect((await rowsOf(orderId!)).find((r) => r.channel === 'WHATSAPP')!.status).toBe('SENT');

  // The same body signed with the app secret is taken: Meta said it failed after all.
  const signed = createHmac('sha256', TEST_WHATSAPP.appSecret).update(forged).digest('hex');
  expect((await post(`sha256=${signed}`)).status).toBe(200);
  expect((await rowsOf(orderId!)).find((r) => r.channel === 'WHATSAPP')!.status).toBe('FAILED');
});

test('a status of a message not yet known is answered 409, so Meta delivers it again', async () => {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: { statuses: [{ id: 'wamid.desconocido', status: 'read', timestamp: '1' }] },
          },
        ],
      },
    ],
  });
  const signature = createHmac('sha256', TEST_WHATSAPP.appSecret).update(body).digest('hex');
  const answer = await system.webhook(whatsAppWebhook.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
    body,
  });
  expect(answer.status).toBe(409);
  expect(JSON.stringify(await answer.json())).toContain(MESSAGE_NOT_YET_KNOWN);
});
