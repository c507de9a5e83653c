import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { kushkiFixture } from '../test-support/kushki-fixtures';
import { KushkiGateway } from './kushki-gateway';
import { parseKushkiNotification } from './kushki-notification';

/**
 * The adapter against Kushki's published examples (infra/sandboxes/gateway/fixtures, each
 * naming its source): what Kushki sends is read, what the adapter sends has the published
 * shape. The sandbox is held to the same fixtures (gateway-published.integration.test.ts),
 * so the two cannot drift from Kushki together.
 */

interface Example {
  example_body: Record<string, unknown>;
}
const bytes = (body: object) => Buffer.from(JSON.stringify(body));
/** A published webhook example, changed as a test needs, as payments reads it. */
const noticeOf = (name: string, changes: object = {}) => {
  const { example_body: body } = kushkiFixture(name) as unknown as Example;
  return parseKushkiNotification(bytes({ ...body, ...changes }));
};

describe('webhook bodies', () => {
  test('the card payment webhook (snake_case) is a sale of its payin', () => {
    expect(noticeOf('card-webhook')).toEqual({
      kind: 'sale',
      merchantId: '20000000107058310000',
      sale: {
        ticketNumber: '172936817389200431',
        transactionReference: '1f2e9a4c-7d0b-4c52-9a8f-3b6d1e0c7a21',
        status: 'APPROVAL',
        amountCentavos: 345_000,
        brand: 'Mastercard',
        last4: '5480',
        paymentId: '0b7c9f64-2f0e-4a55-9d1e-6a3c1b8e2f10',
        orderId: null,
        responseText: 'Transacción aprobada',
      },
    });
  });

  test('a declined card payment carries the requested amount and the bank’s reason', () => {
    const declined = noticeOf('card-webhook', {
      transaction_status: 'DECLINED',
      approved_transaction_amount: 0,
      response_text: 'Tarjeta sin fondos',
    });
    expect(declined).toMatchObject({
      kind: 'sale',
      sale: { status: 'DECLINED', amountCentavos: 345_000, responseText: 'Tarjeta sin fondos' },
    });
  });

  test('the void/refund webhook (camelCase) is a reversal with its own ticket', () => {
    expect(noticeOf('void-refund-webhook')).toEqual({
      kind: 'reversal',
      merchantId: '20000000107058310000',
      reversal: {
        ticketNumber: '172936817389200977',
        saleTicketNumber: '172936817389200431',
        type: 'REFUND',
        status: 'APPROVAL',
        amountCentavos: 100_000,
        paymentId: '0b7c9f64-2f0e-4a55-9d1e-6a3c1b8e2f10',
      },
    });
    // Without the guessed transactionType, forceRefund tells a refund from a void.
    const documented = noticeOf('void-refund-webhook', {
      transactionType: undefined,
      forceRefund: false,
    });
    expect(documented).toMatchObject({ reversal: { type: 'VOID' } });
  });

  test('anything else is not a notification', () => {
    expect(parseKushkiNotification(Buffer.from('{"hola":"mundo"}'))).toBeNull();
    expect(parseKushkiNotification(Buffer.from('no es json'))).toBeNull();
  });
});

/** A stand-in that records what the adapter sends and answers a published example. */
function kushkiAnswering(answer: object, status = 201) {
  const seen: Array<{
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  return { server, seen };
}

async function withKushki(answer: object, run: (gateway: KushkiGateway) => Promise<void>) {
  const kushki = kushkiAnswering(answer);
  await new Promise<void>((resolve) => kushki.server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = kushki.server.address() as AddressInfo;
    await run(
      new KushkiGateway({
        baseUrl: `http://127.0.0.1:${port}`,
        publicMerchantId: 'pub',
        privateMerchantId: 'priv-123',
      }),
    );
  } finally {
    await new Promise((resolve) => kushki.server.close(resolve));
  }
  return kushki.seen;
}

describe('requests', () => {
  test('a partial refund is the published DELETE with its amount and Idempotency-Key', async () => {
    const refund = kushkiFixture('refund') as {
      request: { path: string; body: { amount: object } };
      answer: { ticketNumber: string; transactionReference: string };
    };
    const seen = await withKushki(refund.answer, async (gateway) => {
      const outcome = await gateway.refund({
        ticketNumber: '172936817389200431',
        amountCentavos: 100_000,
        idempotencyKey: 'devolucion-1',
      });
      expect(outcome).toEqual({ kind: 'started', ...refund.answer });
    });
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      url: refund.request.path.replace('{ticketNumber}', '172936817389200431'),
      headers: { 'private-merchant-id': 'priv-123', 'idempotency-key': 'devolucion-1' },
    });
    const body = JSON.parse(seen[0]!.body);
    expect(Object.keys(body.amount).sort()).toEqual(Object.keys(refund.request.body.amount).sort());
    expect(body.amount).toMatchObject({
      subtotalIva0: 1000,
      subtotalIva: 0,
      iva: 0,
      currency: 'MXN',
    });
  });

  test('a void is the published DELETE on the sale, and only the same day', async () => {
    const voidFixture = kushkiFixture('void') as {
      request: { path: string };
      answer: { ticketNumber: string };
    };
    const saleAt = new Date('2026-09-01T16:00:00Z'); // 10:00 in Mexico City
    const seen = await withKushki(voidFixture.answer, async (gateway) => {
      expect(
        await gateway.voidSale('172936817389200431', saleAt, new Date('2026-09-02T04:00:00Z')),
      ).toEqual({
        kind: 'started',
        ticketNumber: '172936817389200977',
        transactionReference: null,
      });
      // 23:30 in Mexico City: no void is asked for; the school refunds instead.
      expect(
        await gateway.voidSale('172936817389200431', saleAt, new Date('2026-09-02T05:30:00Z')),
      ).toMatchObject({ kind: 'refused', code: 'VOID_WINDOW_CLOSED' });
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'DELETE',
      url: voidFixture.request.path.replace('{ticketNumber}', '172936817389200431'),
    });
  });

  test('the transactions list is asked for as integrations do: GET with from/to', async () => {
    const list = kushkiFixture('transactions-list') as { request_examples: string[] };
    const published =
      /^\/analytics\/v1\/transactions-list\?from=\d{4}-\d\d-\d\dT\d\d(:|%3A)\d\d(:|%3A)\d\d(\.\d{3})?&to=/;
    for (const example of list.request_examples)
      expect(example.replace(/^GET /, '')).toMatch(published);
    const seen = await withKushki({ data: [] }, async (gateway) => {
      expect(
        await gateway.transactionsBetween(
          new Date('2026-09-01T16:00:00Z'),
          new Date('2026-09-01T17:00:00Z'),
        ),
      ).toEqual({ sales: [], reversals: [] });
    });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toMatch(published);
    expect(seen[0]!.headers['private-merchant-id']).toBe('priv-123');
  });
});
