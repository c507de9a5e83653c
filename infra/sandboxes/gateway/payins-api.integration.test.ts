import { createHmac } from 'node:crypto';
import { clabeCheckDigit } from '@cuota/contracts/payments/clabe';
import { waitFor } from '@cuota/testing/wait-for';
import { startGatewaySandbox, type GatewaySandbox } from './gateway-sandbox.ts';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/webhook-receiver.ts';

const MERCHANT_ID = '20000000107058310002';
const PUBLIC_ID = 'payins-public';
const PRIVATE_ID = 'payins-private';
const SECRET = 'firma-de-cobros';

let receiver: WebhookReceiver<unknown>;
let sandbox: GatewaySandbox;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startGatewaySandbox({ port: 0 });
  const res = await fetch(`${sandbox.url}/_sandbox/merchants/${PUBLIC_ID}`, {
    method: 'PUT',
    body: JSON.stringify({
      merchant_id: MERCHANT_ID,
      private_merchant_id: PRIVATE_ID,
      webhook_url: `${receiver.url}/cobros`,
      webhook_signature: SECRET,
    }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

const post = (path: string, body?: unknown, key = PRIVATE_ID) =>
  fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Private-Merchant-Id': key },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const amount = (pesos: number, currency = 'MXN') => ({
  subtotalIva: 0,
  subtotalIva0: pesos,
  iva: 0,
  currency,
});
const noticeOf = (ticket: string) =>
  waitFor(() => receiver.deliveries.find((d) => d.raw.includes(ticket)));

test('SPEI: a CLABE with its check digit and a reference; paying it notifies, signed, once', async () => {
  const res = await post('/transfer/v1/init', {
    amount: amount(5250.5),
    metadata: { payment_id: 'pago-1' },
  });
  expect(res.status).toBe(201);
  const opened = (await res.json()) as {
    transactionStatus: string;
    ticketNumber: string;
    clabe: string;
    reference: string;
    expiresAt: number;
  };
  expect(opened).toMatchObject({ transactionStatus: 'INITIALIZED' });
  expect(opened.clabe).toMatch(/^646180\d{12}$/);
  expect(Number(opened.clabe[17])).toBe(clabeCheckDigit(opened.clabe.slice(0, 17)));
  expect(opened.reference).toMatch(/^\d{7}$/);
  expect(opened.expiresAt - Date.now()).toBeGreaterThan(71 * 3_600_000);

  expect((await post(`/_sandbox/payins/${opened.ticketNumber}/pay`)).status).toBe(200);
  const notice = await noticeOf(opened.ticketNumber);
  expect(JSON.parse(notice.raw)).toMatchObject({
    ticket_number: opened.ticketNumber,
    transaction_type: 'SALE',
    transaction_status: 'APPROVAL',
    payment_method: 'transfer',
    approved_transaction_amount: 5250.5,
    merchant_id: MERCHANT_ID,
    metadata: { payment_id: 'pago-1' },
    clabe: opened.clabe,
    reference: opened.reference,
  });
  const id = notice.headers['x-kushki-id'] as string;
  expect(notice.headers['x-kushki-signature']).toBe(
    createHmac('sha256', SECRET).update(`${notice.raw}.${id}`).digest('hex'),
  );
  const again = await post(`/_sandbox/payins/${opened.ticketNumber}/pay`);
  expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([409, 'K041']);
});

test('cash: a voucher pin; past its expiry the store refuses it; expiring notifies DECLINED', async () => {
  const res = await post('/cash/v1/charges/init', {
    amount: amount(350),
    expiresAt: Date.now() - 1,
  });
  const opened = (await res.json()) as { ticketNumber: string; pin: string };
  expect(opened.pin).toMatch(/^\d{14}$/);
  expect(opened).not.toHaveProperty('clabe');
  expect((await post(`/_sandbox/payins/${opened.ticketNumber}/pay`)).status).toBe(409);
  expect((await post(`/_sandbox/payins/${opened.ticketNumber}/expire`)).status).toBe(200);
  expect(JSON.parse((await noticeOf(opened.ticketNumber)).raw)).toMatchObject({
    transaction_status: 'DECLINED',
    payment_method: 'cash',
    approved_transaction_amount: 0,
    response_text: 'El código de pago expiró sin pagarse.',
  });
});

test('refusals: another key, a foreign currency, nothing to charge', async () => {
  expect((await post('/transfer/v1/init', { amount: amount(10) }, 'nadie')).status).toBe(401);
  const usd = await post('/cash/v1/charges/init', { amount: amount(10, 'USD') });
  expect(((await usd.json()) as { code: string }).code).toBe('K055');
  const zero = await post('/transfer/v1/init', { amount: amount(0) });
  expect(((await zero.json()) as { code: string }).code).toBe('K039');
  expect((await post('/_sandbox/payins/900000000000000000/pay')).status).toBe(404);
});
