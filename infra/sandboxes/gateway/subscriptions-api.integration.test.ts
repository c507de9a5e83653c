import { createHmac } from 'node:crypto';
import { waitFor } from '@cuota/testing/wait-for';
import { startGatewaySandbox, type GatewaySandbox } from './gateway-sandbox.ts';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/webhook-receiver.ts';

const PUBLIC_ID = 'subs-public';
const PRIVATE_ID = 'subs-private';
const SECRET = 'firma-de-suscripciones';

let receiver: WebhookReceiver<unknown>;
let sandbox: GatewaySandbox;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const base = receiver.url;
  sandbox = await startGatewaySandbox({ port: 0 });
  const res = await fetch(`${sandbox.url}/_sandbox/merchants/${PUBLIC_ID}`, {
    method: 'PUT',
    body: JSON.stringify({
      merchant_id: '20000000107058310002',
      private_merchant_id: PRIVATE_ID,
      webhook_url: `${base}/cards`,
      subscription_webhook_url: `${base}/subscriptions`,
      webhook_signature: SECRET,
    }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

const post = (path: string, key: Record<string, string>, body: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...key },
    body: JSON.stringify(body),
  });
const privateKey = { 'Private-Merchant-Id': PRIVATE_ID };
const amount = { subtotalIva: 0, subtotalIva0: 950, iva: 0, currency: 'MXN' };

async function subscribe(card: string) {
  const tokenized = await post(
    '/card/v1/tokens',
    { 'Public-Merchant-Id': PUBLIC_ID },
    {
      card: { name: 'ANA PÉREZ', number: card, expiryMonth: '12', expiryYear: '39', cvv: '123' },
      totalAmount: 950,
      currency: 'MXN',
    },
  );
  const { token } = (await tokenized.json()) as { token: string };
  const body = {
    token,
    planName: 'Transporte',
    periodicity: 'custom',
    amount,
    startDate: '2026-06-01',
    metadata: { student_id: 'alumno-1' },
  };
  const created = await post('/subscriptions/v1/card', privateKey, body);
  expect(created.status).toBe(201);
  // The token is spent: a second subscription with it is Kushki's K049.
  const again = await post('/subscriptions/v1/card', privateKey, body);
  expect(((await again.json()) as { code: string }).code).toBe('K049');
  return ((await created.json()) as { subscriptionId: string }).subscriptionId;
}

test('each on-demand charge is a sale notified, signed, to the subscription webhook URL', async () => {
  const id = await subscribe('5451951574925480');
  const charged = await post(`/subscriptions/v1/card/${id}`, privateKey, {
    amount,
    metadata: { period: '2026-06' },
  });
  expect(charged.status).toBe(201);
  const { ticketNumber } = (await charged.json()) as { ticketNumber: string };
  const delivery = await waitFor(() =>
    receiver.deliveries.find((r) => r.raw.includes(ticketNumber)),
  );
  expect(delivery.url).toBe('/subscriptions');
  const body = JSON.parse(delivery.raw);
  expect(body).toMatchObject({
    ticket_number: ticketNumber,
    transaction_type: 'SALE',
    transaction_status: 'APPROVAL',
    subscription_id: id,
    approved_transaction_amount: 950,
    metadata: { student_id: 'alumno-1', period: '2026-06' },
  });
  const kushkiId = delivery.headers['x-kushki-id'] as string;
  expect(delivery.headers['x-kushki-signature']).toBe(
    createHmac('sha256', SECRET).update(`${delivery.raw}.${kushkiId}`).digest('hex'),
  );
});

test('a declining card declines each charge (K322); an unknown subscription is K067', async () => {
  const id = await subscribe('4349001210846432');
  const declined = await post(`/subscriptions/v1/card/${id}`, privateKey, { amount });
  expect(declined.status).toBe(400);
  expect(((await declined.json()) as { code: string }).code).toBe('K322');
  const unknown = await post('/subscriptions/v1/card/noexiste', privateKey, { amount });
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as { code: string }).code).toBe('K067');
});

test('a cancelled subscription is let go (204): its later charges and cancels are K067', async () => {
  const id = await subscribe('5451951574925480');
  const cancel = (key: Record<string, string>) =>
    fetch(`${sandbox.url}/subscriptions/v1/card/${id}`, { method: 'DELETE', headers: key });
  expect((await cancel({ 'Private-Merchant-Id': 'otro-comercio' })).status).toBe(401);
  expect((await cancel(privateKey)).status).toBe(204);
  const charged = await post(`/subscriptions/v1/card/${id}`, privateKey, { amount });
  expect(charged.status).toBe(404);
  expect(((await charged.json()) as { code: string }).code).toBe('K067');
  const again = await cancel(privateKey);
  expect(again.status).toBe(404);
  expect(((await again.json()) as { code: string }).code).toBe('K067');
});
