import { createHmac } from 'node:crypto';
import { waitFor } from '@cuota/testing/wait-for';
import { startGatewaySandbox, type GatewaySandbox } from './gateway-sandbox.ts';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/webhook-receiver.ts';
import { DECLINED_PAYOUT_CLABE } from './payouts-api.ts';

const MERCHANT_ID = '20000000107058310001';
const PUBLIC_ID = 'payouts-public';
const PRIVATE_ID = 'payouts-private';
const SECRET = 'firma-de-dispersiones';

let receiver: WebhookReceiver<unknown>;
let sandbox: GatewaySandbox;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const base = receiver.url;
  sandbox = await startGatewaySandbox({ port: 0, payoutMs: 50 });
  const res = await fetch(`${sandbox.url}/_sandbox/merchants/${PUBLIC_ID}`, {
    method: 'PUT',
    body: JSON.stringify({
      merchant_id: MERCHANT_ID,
      private_merchant_id: PRIVATE_ID,
      webhook_url: `${base}/cards`,
      payout_webhook_url: `${base}/payouts`,
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

async function tokenFor(clabe: string, pesos: number) {
  const token = await post(
    '/payouts/transfer/v1/tokens',
    { 'Public-Merchant-Id': PUBLIC_ID },
    {
      name: 'Colegio Demo SC',
      accountNumber: clabe,
      accountType: 'CLABE',
      totalAmount: pesos,
      currency: 'MXN',
    },
  );
  expect(token.status).toBe(200);
  return ((await token.json()) as { token: string }).token;
}

async function payout(clabe: string, pesos: number, payoutId: string) {
  const t = await tokenFor(clabe, pesos);
  const amount = { subtotalIva: 0, subtotalIva0: pesos, iva: 0, currency: 'MXN' };
  const init = await post(
    '/payouts/transfer/v1/init',
    { 'Private-Merchant-Id': PRIVATE_ID },
    {
      token: t,
      amount,
      metadata: { payout_id: payoutId },
    },
  );
  expect(init.status).toBe(201);
  const again = await post(
    '/payouts/transfer/v1/init',
    { 'Private-Merchant-Id': PRIVATE_ID },
    { token: t, amount },
  );
  expect(((await again.json()) as { code: string }).code).toBe('K049');
  return (await init.json()) as { ticketNumber: string; transactionStatus: string };
}

test('a payout starts INITIALIZED and its status is notified, signed, to the payout URL', async () => {
  const started = await payout('012180000000000015', 3379.36, 'p-1');
  expect(started.transactionStatus).toBe('INITIALIZED');
  await waitFor(() => receiver.deliveries.some((r) => r.raw.includes(started.ticketNumber)));
  const notice = receiver.deliveries.find((r) => r.raw.includes(started.ticketNumber))!;
  expect(notice.url).toBe('/payouts');
  expect(JSON.parse(notice.raw)).toMatchObject({
    ticketNumber: started.ticketNumber,
    transactionType: 'PAYOUT',
    transactionStatus: 'APPROVAL',
    merchantId: MERCHANT_ID,
    metadata: { payout_id: 'p-1' },
  });
  const id = notice.headers['x-kushki-id'] as string;
  expect(notice.headers['x-kushki-signature']).toBe(
    createHmac('sha256', SECRET).update(`${notice.raw}.${id}`).digest('hex'),
  );
});

test("the declining CLABE's payout is DECLINED with a reason; a wrong key is refused", async () => {
  const started = await payout(DECLINED_PAYOUT_CLABE, 10, 'p-2');
  await waitFor(() => receiver.deliveries.some((r) => r.raw.includes(started.ticketNumber)));
  const body = JSON.parse(
    receiver.deliveries.find((r) => r.raw.includes(started.ticketNumber))!.raw,
  );
  expect(body).toMatchObject({
    transactionStatus: 'DECLINED',
    responseText: 'Cuenta destino rechazada por el banco.',
  });
  const wrong = await post('/payouts/transfer/v1/init', { 'Private-Merchant-Id': 'nadie' }, {});
  expect(wrong.status).toBe(401);
  const listed = await fetch(`${sandbox.url}/_sandbox/payouts`);
  expect(((await listed.json()) as { payouts: unknown[] }).payouts).toHaveLength(2);
});

test('the same Idempotency-Key answers the first payout: a retry starts no second transfer', async () => {
  const amount = { subtotalIva: 0, subtotalIva0: 812.5, iva: 0, currency: 'MXN' };
  const init = async (key: string) => {
    const token = await tokenFor('012180000000000015', 812.5);
    const res = await post(
      '/payouts/transfer/v1/init',
      { 'Private-Merchant-Id': PRIVATE_ID, 'Idempotency-Key': key },
      { token, amount, metadata: { reversal_id: key } },
    );
    expect(res.status).toBe(201);
    return (await res.json()) as { ticketNumber: string };
  };
  const first = await init('reversal:r-1');
  // A retry after a lost answer brings a new token and the same key: the first payout.
  expect(await init('reversal:r-1')).toEqual(expect.objectContaining(first));
  const other = await init('reversal:r-2');
  expect(other.ticketNumber).not.toBe(first.ticketNumber);

  const listed = await fetch(`${sandbox.url}/_sandbox/payouts`);
  const { payouts } = (await listed.json()) as {
    payouts: Array<{ metadata: { reversal_id?: string } }>;
  };
  expect(payouts.filter((p) => p.metadata.reversal_id === 'reversal:r-1')).toHaveLength(1);
  await waitFor(() => receiver.deliveries.some((r) => r.raw.includes(other.ticketNumber)));
  expect(receiver.deliveries.filter((r) => r.raw.includes(first.ticketNumber))).toHaveLength(1);
});
