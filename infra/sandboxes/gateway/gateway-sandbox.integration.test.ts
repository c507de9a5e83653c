import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '@cuota/testing/wait-for';
import { startGatewaySandbox, type GatewaySandbox } from './gateway-sandbox.ts';
import type { WebhookDelivery } from './webhook-notifier.ts';

const PUBLIC_ID = '20000000107058310000';
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

/** A merchant's webhook endpoint: keeps every request's raw bytes; can be told to fail. */
interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: {
    ticketNumber?: string;
    saleTicketNumber?: string;
    transactionType?: string;
    metadata?: { payment_id?: string };
  };
}
let received: Received[] = [];
/** Answers 503 this many times to notifications of this payment_id. */
let failing = { paymentId: '', times: 0 };
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    const notice: Received = { headers: req.headers, raw, body: JSON.parse(raw) };
    if (notice.body.metadata?.payment_id === failing.paymentId && failing.times > 0) {
      failing.times--;
      res.writeHead(503).end();
      return;
    }
    received.push(notice);
    res.writeHead(200).end('ok');
  });
});

let sandbox: GatewaySandbox;
let api: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  sandbox = await startGatewaySandbox({
    port: 0,
    lateWebhookMs: LATE_WEBHOOK_MS,
    hangMs: 5_000,
    webhooks: { attempts: 3, retryBaseMs: 20, timeoutMs: 1_000 },
  });
  api = sandbox.url;
  const registered = await fetch(`${api}/_sandbox/merchants/${PUBLIC_ID}`, {
    method: 'PUT',
    body: JSON.stringify({
      private_merchant_id: PRIVATE_ID,
      webhook_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kushki`,
      webhook_signature: WEBHOOK_SECRET,
    }),
  });
  expect(registered.status).toBe(200);
});
afterAll(async () => {
  await sandbox.stop();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received = [];
});

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
  reversal?: unknown;
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
  received.filter((r) => r.body.ticketNumber === ticket || r.body.saleTicketNumber === ticket);

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
      transactionStatus: 'DECLINED',
      responseText: 'Tarjeta sin fondos',
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
    const { body } = await call('POST', '/analytics/v1/transactions-list', { token });
    expect(body.total).toBe(1);
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

  test('a card that answers 500 still charged: the caller finds it by metadata', async () => {
    const token = await tokenFor(CARDS.serverError);
    const { status, body } = await chargeToken(token, { metadata: { payment_id: 'pago-500' } });
    expect(status).toBe(500);
    expect(body).toEqual({ code: 'K002', message: 'Ha ocurrido un error inesperado.' });
    const found = await call('POST', '/analytics/v1/transactions-list', {
      metadata: { payment_id: 'pago-500' },
    });
    expect(found.body).toMatchObject({
      total: 1,
      data: [{ token, transactionStatus: 'APPROVAL' }],
    });
    expect((await chargeToken(token)).body.code).toBe('K049');
  });

  test('a card that never answers still charged: the caller finds it by token', async () => {
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
    const { body } = await call('POST', '/analytics/v1/transactions-list', { token });
    expect(body.data?.[0]).toMatchObject({
      transactionStatus: 'APPROVAL',
      metadata: { payment_id: 'pago-lento' },
    });
  });
});

describe('lookups', () => {
  test('by ticket number, only for the merchant that charged', async () => {
    const token = await tokenFor(CARDS.approved);
    const { body: sale } = await chargeToken(token, { metadata: { payment_id: 'pago-ticket' } });
    const { status, body } = await call('GET', `/v1/charges/${sale.ticketNumber}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ticketNumber: sale.ticketNumber,
      token,
      transactionStatus: 'APPROVAL',
      metadata: { payment_id: 'pago-ticket' },
      reversal: null,
    });
    await call('PUT', '/_sandbox/merchants/otro-colegio', {
      private_merchant_id: 'llave-privada-otro',
      webhook_url: 'http://127.0.0.1:9/',
      webhook_signature: 'x',
    });
    const foreign = await call('GET', `/v1/charges/${sale.ticketNumber}`, undefined, {
      'Private-Merchant-Id': 'llave-privada-otro',
    });
    expect(foreign).toEqual({
      status: 404,
      body: { code: 'K067', message: 'Transacción no existe' },
    });
    const search = await call(
      'POST',
      '/analytics/v1/transactions-list',
      { metadata: { payment_id: 'pago-ticket' } },
      { 'Private-Merchant-Id': 'llave-privada-otro' },
    );
    expect(search.body).toEqual({ total: 0, data: [] });
  });
});

describe('voids and refunds', () => {
  test('a void reverses the sale once, notifies it, and shows in the lookup', async () => {
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved), {
      metadata: { payment_id: 'pago-anulado' },
    });
    const voided = await call('DELETE', `/v1/charges/${sale.ticketNumber}`, { fullResponse: true });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({
      details: {
        transactionType: 'VOID',
        transactionStatus: 'APPROVAL',
        saleTicketNumber: sale.ticketNumber,
      },
    });
    expect(voided.body.ticketNumber).not.toBe(sale.ticketNumber);
    const notice = await waitFor(() =>
      notificationsFor(sale.ticketNumber).find((r) => r.body.transactionType === 'VOID'),
    );
    expect(notice.body).toMatchObject({
      ticketNumber: voided.body.ticketNumber,
      saleTicketNumber: sale.ticketNumber,
      metadata: { payment_id: 'pago-anulado' },
    });
    const again = await call('DELETE', `/v1/refund/${sale.ticketNumber}`);
    expect(again.body).toEqual({
      code: 'K041',
      message: 'Operación no permitida: la venta ya fue anulada.',
    });
    const { body } = await call('GET', `/v1/charges/${sale.ticketNumber}`);
    expect(body.reversal).toMatchObject({
      transactionType: 'VOID',
      ticketNumber: voided.body.ticketNumber,
    });
  });

  test('a refund must be for the whole sale and only of an approved one', async () => {
    const { body: sale } = await chargeToken(await tokenFor(CARDS.approved));
    const partial = await call('DELETE', `/v1/refund/${sale.ticketNumber}`, {
      amount: exempt(100),
    });
    expect(partial.body.code).toBe('K220');
    const refund = await call('DELETE', `/v1/refund/${sale.ticketNumber}`, {
      amount: exempt(1234.5),
    });
    expect(refund.status).toBe(200);
    const { body: declined } = await chargeToken(await tokenFor(CARDS.noFunds));
    expect((await call('DELETE', `/v1/charges/${declined.ticketNumber}`)).body.code).toBe('K041');
    expect((await call('DELETE', '/v1/charges/123456789012345678')).status).toBe(404);
  });
});

describe('webhooks', () => {
  /** The merchant's check, written from Kushki's documentation, not the sandbox's signer. */
  function verifyKushkiSignature(notice: Received): boolean {
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
    expect(notice.headers['x-kushki-key']).toBe(PUBLIC_ID);
    expect(Math.abs(Number(notice.headers['x-kushki-id']) - Date.now() / 1000)).toBeLessThan(5);
    expect(verifyKushkiSignature(notice)).toBe(true);
    expect(verifyKushkiSignature({ ...notice, raw: notice.raw.replace('Sofía', 'Sofia') })).toBe(
      false,
    );
    expect(notice.body).toMatchObject({
      ticketNumber: sale.ticketNumber,
      transactionStatus: 'APPROVAL',
      transactionType: 'SALE',
      transactionReference: sale.transactionReference,
      amount: { subtotalIva0: 1234.5, currency: 'MXN' },
      metadata: { payment_id: 'pago-firmado', alumno: 'Sofía Núñez' },
      paymentBrand: 'Mastercard',
      lastFourDigits: '5480',
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
    failing = { paymentId: 'pago-reintentado', times: 2 };
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

  test('can be held, then released; and delayed', async () => {
    await call('PUT', '/_sandbox/behaviour', { hold: true });
    const { body: held } = await chargeToken(await tokenFor(CARDS.approved));
    await new Promise((r) => setTimeout(r, 150));
    expect(notificationsFor(held.ticketNumber)).toEqual([]);
    await call('PUT', '/_sandbox/behaviour', { delay_ms: 200 });
    const releasedAt = Date.now();
    await waitFor(() => notificationsFor(held.ticketNumber)[0]);
    expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(190);
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
