import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '@cuota/testing/wait-for';
import { startGatewaySandbox, type GatewaySandbox } from './gateway-sandbox.ts';
import {
  startWebhookReceiver,
  type Delivery,
  type WebhookReceiver,
} from './test-support/webhook-receiver.ts';
import { WEBHOOK_SOCKETS, type WebhookDelivery } from './webhook-notifier.ts';

const MERCHANT_ID = '20000000107058310000';
const PUBLIC_ID = '84e1d0de2fbf437e9779fd6a52a9ca18';
const PRIVATE_ID = 'b04cf9ad305849da85dbcdd222e2d717';
const WEBHOOK_SECRET = 'firma-del-colegio-demo';
const LATE_WEBHOOK_MS = 300;
const CARDS = {
  approved: '5451951574925480',
  noFunds: '4349001210846432',
  lateWebhook: '4349007000000015',
  serverError: '4349007000000023',
  timeout: '4349007000000031',
};
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** The fields these tests read from the notices the merchant receives. */
interface Notice extends Record<string, unknown> {
  ticket_number?: string;
  saleTicketNumber?: string;
  voidTicketNumber?: string;
  transactionType?: string;
  metadata?: { payment_id?: string };
}
let receiver: WebhookReceiver<Notice>;
let received: WebhookReceiver<Notice>['deliveries'];

let sandbox: GatewaySandbox;
let api: string;
beforeAll(async () => {
  receiver = await startWebhookReceiver<Notice>();
  received = receiver.deliveries;
  sandbox = await startGatewaySandbox({
    port: 0,
    lateWebhookMs: LATE_WEBHOOK_MS,
    hangMs: 5_000,
    webhooks: { attempts: 3, retryBaseMs: 20, timeoutMs: 1_000 },
    reversals: { voidMs: 50, refundMs: 150 },
    // Noon in Mexico City of the day it is there: today's sales can always still be voided.
    now: () => {
      const local = Date.now() - 6 * 3600_000;
      return local - (local % 86_400_000) + 18 * 3600_000;
    },
  });
  api = sandbox.url;
  const registered = await fetch(`${api}/_sandbox/merchants/${PUBLIC_ID}`, {
    method: 'PUT',
    body: JSON.stringify({
      merchant_id: MERCHANT_ID,
      private_merchant_id: PRIVATE_ID,
      webhook_url: `${receiver.url}/kushki`,
      webhook_signature: WEBHOOK_SECRET,
    }),
  });
  expect(registered.status).toBe(200);
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.close();
});
beforeEach(() => receiver.clear());

/** The fields these tests read from the sandbox's answers. */
interface Answer {
  code?: string;
  message?: string;
  token?: string;
  ticketNumber?: string;
  transactionReference?: string;
  details?: Record<string, unknown>;
  total?: number;
  data?: Array<Record<string, unknown>>;
}

async function call(
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = { 'Private-Merchant-Id': PRIVATE_ID },
) {
  const response = await fetch(`${api}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const card = (number: string, overrides: Record<string, string> = {}) => ({
  name: 'MARÍA LÓPEZ',
  number,
  expiryMonth: '12',
  expiryYear: nextYear,
  cvv: '123',
  ...overrides,
});

async function tokenFor(number: string, totalAmount = 1234.5): Promise<string> {
  const { status, body } = await call(
    'POST',
    '/card/v1/tokens',
    { card: card(number), totalAmount, currency: 'MXN' },
    { 'Public-Merchant-Id': PUBLIC_ID },
  );
  expect(status).toBe(200);
  return body.token!;
}

/** Colegiatura exenta de IVA: the whole amount goes in subtotalIva0. */
const exempt = (pesos: number) => ({
  subtotalIva: 0,
  subtotalIva0: pesos,
  iva: 0,
  currency: 'MXN',
});

const chargeToken = (token: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/card/v1/charges', { token, amount: exempt(1234.5), ...extra });

/** The sandbox's log of a sale's delivery attempts, once it holds `count` of them. */
const deliveriesOf = (ticket = '', count: number) =>
  waitFor(async () => {
    const { body } = await call('GET', `/_sandbox/webhooks?ticketNumber=${ticket}`);
    const all = body as unknown as WebhookDelivery[];
    return all.length === count ? all : null;
  });

const notificationsFor = (ticket = '') =>
  received.filter((r) => r.body.ticket_number === ticket || r.body.saleTicketNumber === ticket);

/** The merchant's transactions list for the last minute (and the next), as Kushki pages it. */
async function recentTransactions(privateId = PRIVATE_ID) {
  const at = (ms: number) => new Date(ms).toISOString().slice(0, 23);
  const query = new URLSearchParams({ from: at(Date.now() - 60_000), to: at(Date.now() + 60_000) });
  const { status, body } = await call(
    'GET',
    `/analytics/v1/transactions-list?${query}`,
    undefined,
    { 'Private-Merchant-Id': privateId },
  );
  expect(status).toBe(200);
  return body;
}

describe('card tokens', () => {
  test.each([
    ['a number that fails Luhn', card('5451951574925481'), '017', 'Tarjeta no válida'],
    ['a card Kushki refuses to tokenise', card('4574441215190335'), '017', 'Tarjeta no válida'],
    ['a brand it does not take', card('6011111111111117'), 'K029', 'Bin de tarjeta inválido'],
    ['an expired card', card(CARDS.approved, { expiryYear: '20' }), 'K017', 'Tarjeta expirada'],
    [
      'a 4-digit CVV on Mastercard',
      card(CARDS.approved, { cvv: '1234' }),
      'K323',
      'Código de seguridad incorrecto.',
    ],
    [
      'month 13',
      card(CARDS.approved, { expiryMonth: '13' }),
      'K001',
      'Cuerpo de la petición inválido: card.expiryMonth: El mes de vencimiento va de 01 a 12.',
    ],
  ])('refuses %s with a Spanish message', async (_, refused, code, message) => {
    const { status, body } = await call(
      'POST',
      '/card/v1/tokens',
      { card: refused, totalAmount: 100, currency: 'MXN' },
      { 'Public-Merchant-Id': PUBLIC_ID },
    );
    expect(status).toBe(400);
    expect(body).toEqual({ code, message });
  });

  test('refuses unknown merchants, other currencies and amounts finer than a centavo', async () => {
    const token = (publicId: string, totalAmount: number, currency = 'MXN') =>
      call(
        'POST',
        '/card/v1/tokens',
        { card: card(CARDS.approved), totalAmount, currency },
        { 'Public-Merchant-Id': publicId },
      );
    expect((await token('desconocido', 10)).body).toEqual({
      code: 'K004',
      message: 'ID de comercio o credencial no válido',
    });
    expect((await token(PUBLIC_ID, 10, 'USD')).body.code).toBe('K055');
    expect((await token(PUBLIC_ID, 10.005)).body.message).toContain('totalAmount');
    expect((await token(PUBLIC_ID, 0)).body.code).toBe('K039');
  });

  test('answers a one-time token of 32 hex characters', async () => {
    expect(await tokenFor(CARDS.approved)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('charges', () => {
  test('approves a good card with Kushki’s full response', async () => {
    const token = await tokenFor(CARDS.approved);
    const { status, body } = await chargeToken(token, {
      metadata: { payment_id: 'pago-aprobado' },
      fullResponse: true,
    });
    expect(status).toBe(201);
    expect(body.ticketNumber).toMatch(/^\d{18}$/);
    expect(body.details).toMatchObject({
      transactionStatus: 'APPROVAL',
      transactionType: 'SALE',
      approvedTransactionAmount: 1234.5,
      amount: { subtotalIva: 0, subtotalIva0: 1234.5, iva: 0, ice: 0, currency: 'MXN' },
      metadata: { payment_id: 'pago-aprobado' },
      lastFourDigits: '5480',
      paymentBrand: 'Mastercard',
      responseText: 'Transacción aprobada',
      transactionReference: body.transactionReference,
    });
    expect(JSON.stringify(body)).not.toContain(CARDS.approved);
  });

  test('declines a card without funds, with a Kushki code and a Spanish reason', async () => {
    const { status, body } = await chargeToken(await tokenFor(CARDS.noFunds));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'K322',
      message: 'Tarjeta sin fondos',
      details: { transactionStatus: 'DECLINED', approvedTransactionAmount: 0 },
    });
    const notice = await waitFor(() => notificationsFor(body.ticketNumber)[0]);
    expect(notice.body).toMatchObject({
      transaction_status: 'DECLINED',
      approved_transaction_amount: 0,
      request_amount: 1234.5,
      response_text: 'Tarjeta sin fondos',
    });
  });

  test('charges a token once, even when two charges race for it', async () => {
    const token = await tokenFor(CARDS.approved);
    const answers = await Promise.all([chargeToken(token), chargeToken(token), chargeToken(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.code)).toEqual([
      'K049',
      'K049',
    ]);
    const { data } = await recentTransactions();
    expect(data!.filter((t) => t.token === token)).toHaveLength(1);
  });

  test('refuses an amount other than the token’s, and the token still pays the right one', async () => {
    const token = await tokenFor(CARDS.approved, 1160);
    const taxed = { subtotalIva: 1000, subtotalIva0: 0, iva: 160, currency: 'MXN' };
    const short = await call('POST', '/card/v1/charges', { token, amount: { ...taxed, iva: 150 } });
    expect(short.body).toEqual({
      code: 'K220',
      message: 'El monto del cargo es diferente al monto del token.',
    });
    const fine = await call('POST', '/card/v1/charges', {
      token,
      amount: { ...taxed, iva: 159.999 },
    });
    expect(fine.body.code).toBe('K001');
    expect((await call('POST', '/card/v1/charges', { token, amount: taxed })).status).toBe(201);
  });

  test('a card that answers 500 still charged: the list shows it with its metadata', async () => {
    const token = await tokenFor(CARDS.serverError);
    const { status, body } = await chargeToken(token, { metadata: { payment_id: 'pago-500' } });
    expect(status).toBe(500);
    expect(body).toEqual({ code: 'K002', message: 'Ha ocurrido un error inesperado.' });
    const { data } = await recentTransactions();
    expect(data!.find((t) => t.token === token)).toMatchObject({
      transaction_status: 'APPROVAL',
      transaction_type: 'SALE',
      metadata: { payment_id: 'pago-500' },
    });
    expect((await chargeToken(token)).body.code).toBe('K049');
  });

  test('a card that never answers still charged: the list shows it', async () => {
    const token = await tokenFor(CARDS.timeout);
    await expect(
      fetch(`${api}/card/v1/charges`, {
        method: 'POST',
        headers: { 'Private-Merchant-Id': PRIVATE_ID },
        body: JSON.stringify({
          token,
          amount: exempt(1234.5),
          metadata: { payment_id: 'pago-lento' },
        }),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    const { data } = await recentTransactions();
    expect(data!.find((t) => t.token === token)).toMatchObject({
      transaction_status: 'APPROVAL',
      metadata: { payment_id: 'pago-lento' },
    });
  });
});

describe('transactions list', () => {
  test('shows a merchant only its own sales in the window, newest first', async () => {
    const first = await chargeToken(await tokenFor(CARDS.approved), {
      metadata: { payment_id: 'pago-lista-1' },
    });
    const second = await chargeToken(await tokenFor(CARDS.approved), {
      metadata: { payment_id: 'pago-lista-2' },
    });
    const { data, total } = await recentTransactions();
    const tickets = data!.map((t) => t.ticket_number);
    expect(tickets.indexOf(second.body.ticketNumber)).toBeLessThan(
      tickets.indexOf(first.body.ticketNumber),
    );
    expect(total).toBeGreaterThanOrEqual(2);
    await call('PUT', '/_sandbox/merchants/otro-colegio', {
      merchant_id: '20000000100000000777',
      private_merchant_id: 'llave-privada-otro',
      webhook_url: 'http://127.0.0.1:9/',
      webhook_signature: 'x',
    });
    expect(await recentTransactions('llave-privada-otro')).toEqual({ total: 0, data: [] });
    const old = await call(
      'GET',
      '/analytics/v1/transactions-list?from=2020-01-01T00:00:00&to=2020-01-02T00:00:00',
    );
    expect(old.body).toEqual({ total: 0, data: [] });
    const bad = await call('GET', '/analytics/v1/transactions-list?from=ayer&to=hoy');
    expect(bad.body.code).toBe('K001');
  });
});

describe('voids and refunds', () => {
  test('a same-day void starts INITIALIZED, then settles by its camelCase webhook', async () => {
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved), {
      metadata: { payment_id: 'pago-anulado' },
    });
    const voided = await call('DELETE', `/v1/charges/${sale.ticketNumber}`, { fullResponse: true });
    expect(voided.status).toBe(201);
    expect(voided.body.details).toMatchObject({
      transactionType: 'VOID',
      transactionStatus: 'INITIALIZED',
      saleTicketNumber: sale.ticketNumber,
    });
    expect(voided.body.ticketNumber).not.toBe(sale.ticketNumber);
    const notice = await waitFor(() =>
      notificationsFor(sale.ticketNumber).find((r) => r.body.voidTicketNumber),
    );
    expect(notice.body).toMatchObject({
      voidTicketNumber: voided.body.ticketNumber,
      saleTicketNumber: sale.ticketNumber,
      transactionType: 'VOID',
      transactionStatus: 'APPROVAL',
      requestAmount: 1234.5,
      merchantId: MERCHANT_ID,
      metadata: { payment_id: 'pago-anulado' },
    });
    const again = await call('DELETE', `/v1/refund/${sale.ticketNumber}`);
    expect(again.body).toEqual({
      code: 'K041',
      message: 'Operación no permitida: la venta ya fue devuelta por completo.',
    });
    const { data } = await recentTransactions();
    expect(data!.find((t) => t.ticket_number === voided.body.ticketNumber)).toMatchObject({
      transaction_type: 'VOID',
      transaction_status: 'APPROVAL',
      sale_ticket_number: sale.ticketNumber,
    });
  });

  test('a cancellation after the day becomes a refund; partial voids do not exist', async () => {
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved));
    const partial = await call('DELETE', `/v1/charges/${sale.ticketNumber}`, {
      amount: exempt(100),
    });
    expect(partial.body.code).toBe('K041');
    const yesterday = Date.now() - 26 * 3600_000;
    await call('PUT', `/_sandbox/charges/${sale.ticketNumber}/created`, { created: yesterday });
    const cancelled = await call('DELETE', `/v1/charges/${sale.ticketNumber}`, {
      fullResponse: true,
    });
    expect(cancelled.body.details).toMatchObject({ transactionType: 'REFUND' });
  });

  test('partial refunds up to the sale, each once per Idempotency-Key, settle later', async () => {
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved), {
      metadata: { payment_id: 'pago-devuelto' },
    });
    const refund = (pesos: number, key: string) =>
      call(
        'DELETE',
        `/v1/refund/${sale.ticketNumber}`,
        { amount: exempt(pesos) },
        {
          'Private-Merchant-Id': PRIVATE_ID,
          'Idempotency-Key': key,
        },
      );
    const first = await refund(1000, 'devolucion-1');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      ticketNumber: expect.stringMatching(/^\d{18}$/),
      transactionReference: expect.any(String),
    });
    expect((await refund(1000, 'devolucion-1')).body).toEqual(first.body);
    expect((await refund(300, 'devolucion-2')).body.code).toBe('K023');
    expect((await refund(234.5, 'devolucion-3')).status).toBe(201);
    const notices = await waitFor(() => {
      const all = notificationsFor(sale.ticketNumber).filter((r) => r.body.voidTicketNumber);
      return all.length === 2 ? all : null;
    });
    expect(notices.map((n) => [n.body.transactionType, n.body.requestAmount]).sort()).toEqual([
      ['REFUND', 1000],
      ['REFUND', 234.5],
    ]);
    const { body: declined } = await chargeToken(await tokenFor(CARDS.noFunds));
    expect((await call('DELETE', `/v1/refund/${declined.ticketNumber}`)).body.code).toBe('K041');
    expect((await call('DELETE', '/v1/refund/123456789012345678')).status).toBe(404);
  });
});

describe('webhooks', () => {
  /** The merchant's check, written from Kushki's documentation, not the sandbox's signer. */
  function verifyKushkiSignature(notice: Delivery<Notice>): boolean {
    const id = String(notice.headers['x-kushki-id']);
    const expected = (text: string) => createHmac('sha256', WEBHOOK_SECRET).update(text).digest();
    const sameAs = (header: string | string[] | undefined, text: string) =>
      timingSafeEqual(Buffer.from(String(header), 'hex'), expected(text));
    return (
      sameAs(notice.headers['x-kushki-signature'], `${notice.raw}.${id}`) &&
      sameAs(notice.headers['x-kushki-simplesignature'], id)
    );
  }

  test('are signed over the raw body as Kushki documents', async () => {
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved), {
      metadata: { payment_id: 'pago-firmado', alumno: 'Sofía Núñez' },
    });
    const notice = await waitFor(() => notificationsFor(sale.ticketNumber)[0]);
    expect(notice.headers['x-kushki-key']).toBe(MERCHANT_ID);
    // Milliseconds, as Kushki's sender writes them.
    expect(Math.abs(Number(notice.headers['x-kushki-id']) - Date.now())).toBeLessThan(5_000);
    expect(verifyKushkiSignature(notice)).toBe(true);
    expect(verifyKushkiSignature({ ...notice, raw: notice.raw.replace('Sofía', 'Sofia') })).toBe(
      false,
    );
    expect(notice.body).toMatchObject({
      ticket_number: sale.ticketNumber,
      transaction_status: 'APPROVAL',
      transaction_type: 'SALE',
      transaction_reference: sale.transactionReference,
      merchant_id: MERCHANT_ID,
      approved_transaction_amount: 1234.5,
      amount: { subtotalIva0: 1234.5, currency: 'MXN' },
      metadata: { payment_id: 'pago-firmado', alumno: 'Sofía Núñez' },
      payment_brand: 'Mastercard',
      last_four_digits: '5480',
    });
  });

  test('duplicates and replays carry the very same body', async () => {
    await call('PUT', '/_sandbox/behaviour', { duplicates: 2 });
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved));
    await call('PUT', '/_sandbox/behaviour', {});
    await waitFor(() => notificationsFor(sale.ticketNumber).length === 3);
    expect((await call('POST', `/_sandbox/webhooks/${sale.ticketNumber}/replay`)).status).toBe(202);
    const notices = await waitFor(() => {
      const all = notificationsFor(sale.ticketNumber);
      return all.length === 4 ? all : null;
    });
    expect(new Set(notices.map((n) => n.raw)).size).toBe(1);
    expect(notices.every(verifyKushkiSignature)).toBe(true);
    // The sandbox logs an attempt once the receiver has answered it.
    const kinds = (await deliveriesOf(sale.ticketNumber, 4)).map((d) => d.kind).sort();
    expect(kinds).toEqual(['duplicate', 'duplicate', 'original', 'replay']);
    expect((await call('POST', '/_sandbox/webhooks/999999999999999999/replay')).status).toBe(404);
  });

  test('are retried with backoff after the receiver fails', async () => {
    receiver.failNext((d) => d.body.metadata?.payment_id === 'pago-reintentado', 2);
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved), {
      metadata: { payment_id: 'pago-reintentado' },
    });
    const attempts = await deliveriesOf(sale.ticketNumber, 3);
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 200],
    ]);
  });

  test('an attempt the receiver does not answer in time is retried', async () => {
    receiver.hangNext((d) => d.body.metadata?.payment_id === 'pago-colgado', 1);
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved), {
      metadata: { payment_id: 'pago-colgado' },
    });
    const attempts = await deliveriesOf(sale.ticketNumber, 2);
    expect(attempts.map((d) => [d.attempt, d.status, d.error])).toEqual([
      [1, null, 'Tiempo de espera agotado.'],
      [2, 200, null],
    ]);
  });

  test('a burst of notices goes over a few kept connections', async () => {
    const burst = WEBHOOK_SOCKETS + 8;
    const tokens = await Promise.all(Array.from({ length: burst }, () => tokenFor(CARDS.approved)));
    await call('PUT', '/_sandbox/behaviour', { hold: true });
    const sales = await Promise.all(tokens.map((token) => chargeToken(token)));
    const before = receiver.connections();
    await call('PUT', '/_sandbox/behaviour', {}); // all released at once
    await waitFor(() => sales.every(({ body }) => notificationsFor(body.ticketNumber).length));
    expect(receiver.connections() - before).toBeLessThanOrEqual(WEBHOOK_SOCKETS);
  });

  test('can be held, then released; and delayed', async () => {
    await call('PUT', '/_sandbox/behaviour', { hold: true });
    const { body: held } = await chargeToken(await tokenFor(CARDS.approved));
    await new Promise((r) => setTimeout(r, 150));
    expect(notificationsFor(held.ticketNumber)).toEqual([]);
    // Taken before asking: the sandbox starts the delay when it reads the request, and its
    // answer may take long to come back on a loaded machine.
    const releasedAt = Date.now();
    await call('PUT', '/_sandbox/behaviour', { delay_ms: 200 });
    await waitFor(() => notificationsFor(held.ticketNumber)[0]);
    expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(200);
    await call('PUT', '/_sandbox/behaviour', {});
  });

  test('the late-webhook card is approved at once and notified later', async () => {
    const chargedAt = Date.now();
    const { status, body } = await chargeToken(await tokenFor(CARDS.lateWebhook));
    expect(status).toBe(201);
    await waitFor(() => notificationsFor(body.ticketNumber)[0]);
    expect(Date.now() - chargedAt).toBeGreaterThanOrEqual(LATE_WEBHOOK_MS - 10);
  });
});

describe('sandbox set-up', () => {
  test('preloads merchants from a file, and tokens expire', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gateway-'));
    const file = path.join(dir, 'merchants.json');
    const merchant = {
      merchant_id: '20000000100000000555',
      public_merchant_id: 'colegio-precargado',
      private_merchant_id: 'privada-precargada',
      webhook_url: 'http://127.0.0.1:9/',
      webhook_signature: 'x',
    };
    await writeFile(file, JSON.stringify([merchant]));
    const short = await startGatewaySandbox({ port: 0, merchantsFile: file, tokenTtlMs: 50 });
    try {
      const tokenAnswer = await fetch(`${short.url}/card/v1/tokens`, {
        method: 'POST',
        headers: { 'Public-Merchant-Id': merchant.public_merchant_id },
        body: JSON.stringify({ card: card(CARDS.approved), totalAmount: 10, currency: 'MXN' }),
      });
      const { token } = (await tokenAnswer.json()) as Answer;
      await new Promise((r) => setTimeout(r, 80));
      const late = await fetch(`${short.url}/card/v1/charges`, {
        method: 'POST',
        headers: { 'Private-Merchant-Id': merchant.private_merchant_id },
        body: JSON.stringify({ token, amount: exempt(10) }),
      });
      expect(await late.json()).toEqual({ code: 'K048', message: 'Token expirado' });
    } finally {
      await short.stop();
    }
  });

  test('answers bad JSON and unknown routes in Kushki’s shape', async () => {
    const bad = await fetch(`${api}/card/v1/charges`, {
      method: 'POST',
      headers: { 'Private-Merchant-Id': PRIVATE_ID },
      body: '{"token":',
    });
    expect(await bad.json()).toEqual({
      code: 'K001',
      message: 'Cuerpo de la petición inválido: no es JSON válido.',
    });
    expect((await call('GET', '/card/v1/nada')).status).toBe(404);
  });
});
