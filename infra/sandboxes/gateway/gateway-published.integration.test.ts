import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from '@cuota/testing/wait-for';
import { startGatewaySandbox, type GatewaySandbox } from './gateway-sandbox.ts';
import {
  startWebhookReceiver,
  type Delivery,
  type WebhookReceiver,
} from './test-support/webhook-receiver.ts';

/**
 * The sandbox against Kushki's published examples (fixtures/, each naming its source): it
 * may only send field names Kushki documents (or the few guesses the fixtures list), with
 * the example's types and casing, signed as Kushki signs. Payments' adapter is held to the
 * same fixtures (services/payments/src/gateway/kushki-published.test.ts).
 */

interface Published {
  documented_fields: string[];
  guessed_fields?: string[];
  example_body: Record<string, unknown>;
}
const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as T;

const MERCHANT_ID = '20000000107058310000';
const PRIVATE_ID = 'b04cf9ad305849da85dbcdd222e2d717';
const PUBLIC_ID = '84e1d0de2fbf437e9779fd6a52a9ca18';
const SECRET = 'firma-publicada';

type Notice = Record<string, unknown>;
let receiver: WebhookReceiver<Notice>;
let received: Delivery<Notice>[];

let sandbox: GatewaySandbox;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  received = receiver.deliveries;
  sandbox = await startGatewaySandbox({ port: 0, reversals: { voidMs: 20, refundMs: 20 } });
  sandbox.merchants.register(PUBLIC_ID, {
    merchant_id: MERCHANT_ID,
    private_merchant_id: PRIVATE_ID,
    webhook_url: `${receiver.url}/`,
    webhook_signature: SECRET,
  });
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.close();
});

async function call(method: string, route: string, body?: unknown, key = 'Private-Merchant-Id') {
  const res = await fetch(`${sandbox.url}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      [key]: key.startsWith('Public') ? PUBLIC_ID : PRIVATE_ID,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function sale(card: string) {
  const { body } = await call(
    'POST',
    '/card/v1/tokens',
    {
      card: { name: 'ANA RUIZ', number: card, expiryMonth: '12', expiryYear: '39', cvv: '123' },
      totalAmount: 3450,
      currency: 'MXN',
    },
    'Public-Merchant-Id',
  );
  const charge = await call('POST', '/card/v1/charges', {
    token: body.token,
    amount: { subtotalIva: 0, subtotalIva0: 3450, iva: 0, ice: 0, currency: 'MXN' },
    metadata: { payment_id: '0b7c9f64-2f0e-4a55-9d1e-6a3c1b8e2f10' },
  });
  return String(charge.body.ticketNumber);
}

/** Every key path of a JSON body (`amount.iva`), except inside the merchant's metadata. */
function keyPaths(body: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(body).flatMap(([key, value]) =>
    key !== 'metadata' && value && typeof value === 'object' && !Array.isArray(value)
      ? [`${prefix}${key}`, ...keyPaths(value as Record<string, unknown>, `${prefix}${key}.`)]
      : [`${prefix}${key}`],
  );
}

function expectPublishedShape(body: Record<string, unknown>, published: Published) {
  const allowed = new Set([...published.documented_fields, ...(published.guessed_fields ?? [])]);
  expect(keyPaths(body).filter((key) => !allowed.has(key))).toEqual([]);
  for (const [key, value] of Object.entries(published.example_body))
    if (key in body) expect([key, typeof body[key]]).toEqual([key, typeof value]);
}

const deliveryFor = (predicate: (d: Delivery<Notice>) => boolean) =>
  waitFor(() => received.find(predicate));

test('the card payment webhook uses only documented snake_case fields, typed as published', async () => {
  const published = fixture<Published>('card-webhook');
  for (const card of ['5451951574925480', '4349001210846432']) {
    const ticket = await sale(card);
    const delivery = await deliveryFor((d) => d.body.ticket_number === ticket);
    expectPublishedShape(delivery.body, published);
    expect(Object.keys(delivery.body).sort()).toEqual(Object.keys(published.example_body).sort());
  }
});

test('the void/refund webhook uses only documented camelCase fields (and the listed guess)', async () => {
  const published = fixture<Published>('void-refund-webhook');
  const ticket = await sale('5451951574925480');
  const refund = await call('DELETE', `/v1/refund/${ticket}`, {
    amount: { subtotalIva: 0, subtotalIva0: 1000, iva: 0, currency: 'MXN' },
  });
  const delivery = await deliveryFor((d) => d.body.voidTicketNumber === refund.body.ticketNumber);
  expectPublishedShape(delivery.body, published);
  expect(Object.keys(delivery.body).sort()).toEqual(Object.keys(published.example_body).sort());
  expect(delivery.body).toMatchObject({ saleTicketNumber: ticket, requestAmount: 1000 });
});

test('deliveries are signed as Kushki signs: merchant id, milliseconds, both HMACs', async () => {
  const signed = fixture<{ headers: Record<string, string> }>('signed-delivery');
  const ticket = await sale('5451951574925480');
  const delivery = await deliveryFor((d) => d.body.ticket_number === ticket);
  const id = String(delivery.headers['x-kushki-id']);
  const hmac = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');
  expect(delivery.headers['x-kushki-key']).toBe(MERCHANT_ID);
  expect(id).toMatch(/^\d{13}$/);
  expect(id.length).toBe(signed.headers['X-Kushki-Id']!.length);
  expect(delivery.headers['x-kushki-signature']).toBe(hmac(`${delivery.raw}.${id}`));
  expect(delivery.headers['x-kushki-simplesignature']).toBe(hmac(id));
});

test('refund and void answers have the published fields', async () => {
  const refund = fixture<{ answer: Record<string, string> }>('refund');
  const voidFixture = fixture<{ answer: Record<string, string> }>('void');
  const refunded = await call('DELETE', `/v1/refund/${await sale('5451951574925480')}`);
  expect(refunded.status).toBe(201);
  expect(Object.keys(refunded.body).sort()).toEqual(Object.keys(refund.answer).sort());
  const voided = await call('DELETE', `/v1/charges/${await sale('5451951574925480')}`);
  expect(voided.status).toBe(201);
  for (const key of Object.keys(voidFixture.answer)) expect(voided.body).toHaveProperty(key);
});

test('the transactions list takes the request forms integrations send', async () => {
  const list = fixture<{ request_examples: string[] }>('transactions-list');
  for (const example of list.request_examples) {
    const answer = await call('GET', example.replace(/^GET /, ''));
    expect([example, answer.status]).toEqual([example, 200]);
  }
});
