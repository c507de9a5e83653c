import { createHmac } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { paymentStatusSchema } from '@cuota/contracts/payments/checkout';
import { streamOf, subjectOf } from '@cuota/messaging/naming';
import { waitFor } from '@cuota/testing/wait-for';
import { saveMerchantCredentials } from '../gateway/gateway-credentials-repository';
import { KushkiGateway } from '../gateway/kushki-gateway';
import { SecretBox } from '../secrets/secret-box';
import type { PaymentsHarness } from '../test-support/payments-harness';
import {
  CARDS,
  CHECKOUT_PATH,
  WEBHOOK_PATH,
  type SchoolFixture,
} from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_checkout' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

const statusPath = (id: string) => `/api/v1/payments_v2/payment-status/${id}/`;
const family = () => school.families[0]!;

/** How many messages of a type the PAYMENTS stream holds for a payin. */
async function published(type: string, payinId: string): Promise<number> {
  const jsm = await jetstreamManager(h.ns.nc);
  const stream = streamOf(h.ns, 'PAYMENTS');
  let n = 0;
  const info = await jsm.streams.info(stream);
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const msg = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (msg?.subject === subjectOf(h.ns, type) && msg.string().includes(payinId)) n++;
  }
  return n;
}

/** The gateway's charges for a payin, as the sandbox's transaction search tells them. */
async function chargesAtGateway(payinId: string): Promise<number> {
  const gateway = new KushkiGateway({
    baseUrl: h.sandbox.url,
    publicMerchantId: school.publicMerchantId,
    privateMerchantId: school.privateMerchantId,
  });
  const { sales } = await gateway.transactionsBetween(new Date(Date.now() - 3_600_000), new Date());
  return sales.filter((sale) => sale.paymentId === payinId).length;
}

const ledgerIsRight = () =>
  waitFor(async () => {
    const report = await h.ledgerCheck();
    expect(report.mismatches).toEqual([]);
    expect(report.balanced).toBe(true);
    return report.ok;
  });

describe('POST /api/v1/payments_v2/checkout/', () => {
  test('a card payment is pending until the signed webhook settles it; billing sees it paid', async () => {
    const orders = await h.bill(school, family().studentIds);
    const res = await h.checkout(school, orders);
    expect(res.status).toBe(202);
    const pending = paymentStatusSchema.parse(res.body);
    expect(pending).toMatchObject({
      school_id: school.id,
      method: 'credit_card',
      amount_centavos: 700_000,
    });
    expect(pending.allocations.map((a) => a.order_id).sort()).toEqual(
      orders.map((o) => o.id).sort(),
    );

    await h.waitForStatus(pending.id, 'success');
    const settled = await h.call(h.guardian(school), statusPath(pending.id));
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      status: 'success',
      card: { brand: 'Mastercard', last4: '5480' },
      error: null,
    });
    expect(settled.body.allocations).toHaveLength(2);
    expect(settled.body.paid_at).toEqual(expect.any(String));
    // Its receipt carries the school's next folio, as a desk payment's does (not its UUID).
    const { rows } = await h.books.$client.query(
      'SELECT receipt_number FROM payins WHERE id = $1',
      [pending.id],
    );
    expect(rows[0].receipt_number).toMatch(/^R-\d{6}$/);
    await Promise.all(orders.map((o) => h.realBilling.waitForPaid(o)));
    expect(await published('payments.payin.initiated', pending.id)).toBe(1);
    expect(await published('payments.payin.succeeded', pending.id)).toBe(1);
    await ledgerIsRight();
  });

  test('a declined card is a Spanish 402, the payin fails and nothing is allocated', async () => {
    const [order] = await h.bill(school, [family().studentIds[0]!], { period: '2026-04' });
    await ledgerIsRight(); // the order's receivable is posted
    const before = await h.ledgerCheck();
    const res = await h.checkout(school, [order!], { card: CARDS.noFunds });
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({ code: 'PAYMENT_DECLINED', message: 'Tarjeta sin fondos' });
    const { rows } = await h.service.db.$client.query(
      "SELECT id, status, error_message FROM payins WHERE status = 'failed'",
    );
    expect(rows).toHaveLength(1);
    expect(await h.count('allocations', 'payin_id = $1', [rows[0].id])).toBe(0);
    await waitFor(async () => (await published('payments.payin.failed', rows[0].id)) === 1);
    await h.realBilling.waitForStatus(order!, 'NOT_PAID');
    expect((await h.realBilling.order(school.id, order!.id)).paid_centavos).toBe(0);
    expect((await h.ledgerCheck()).transactions).toBe(before.transactions);
    // The family tries again with a good card: it pays.
    const retry = await h.checkout(school, [order!]);
    expect(retry.status).toBe(202);
    await h.waitForStatus(retry.body.id, 'success');
    await ledgerIsRight();
  });

  test('the same webhook delivered five times makes one payment and one allocation', async () => {
    const [order] = await h.bill(school, [family().studentIds[1]!], { period: '2026-05' });
    await fetch(`${h.sandbox.url}/_sandbox/behaviour`, {
      method: 'PUT',
      body: JSON.stringify({ duplicates: 4 }),
    });
    try {
      const res = await h.checkout(school, [order!]);
      await h.waitForStatus(res.body.id, 'success');
      const ticket = (await h.call(h.guardian(school), statusPath(res.body.id))).body;
      const deliveries = await waitFor(async () => {
        const log = (await (await fetch(`${h.sandbox.url}/_sandbox/webhooks`)).json()) as {
          ticket_number: string;
          status: number | null;
          kind: string;
        }[];
        const ours = log.filter((d) => d.status === 200 && d.kind !== 'replay');
        return ours.length >= 5 ? ours : undefined;
      });
      expect(deliveries.length).toBeGreaterThanOrEqual(5);
      const replay = await fetch(
        `${h.sandbox.url}/_sandbox/webhooks/${deliveries.at(-1)!.ticket_number}/replay`,
        { method: 'POST' },
      );
      expect(replay.status).toBe(202);
      await new Promise((r) => setTimeout(r, 300));
      expect(ticket.status).toBe('success');
      expect(await h.count('allocations', 'order_id = $1', [order!.id])).toBe(1);
      expect(await h.count('payins', "id = $1 AND status = 'success'", [res.body.id])).toBe(1);
      expect(await published('payments.payin.succeeded', res.body.id)).toBe(1);
      expect(
        await h.count('ledger_transactions', 'idempotency_key = $1', [
          `payin:${res.body.id}:settled`,
        ]),
      ).toBe(1);
      await h.realBilling.waitForPaid(order!);
      await ledgerIsRight();
    } finally {
      await fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: '{}' });
    }
  });

  test('50 concurrent checkouts with one Idempotency-Key charge the card once', async () => {
    const [order] = await h.bill(school, [family().studentIds[0]!], { period: '2026-06' });
    const token = await h.tokenize(school, CARDS.visa, order!.amount);
    const key = 'pago-concurrente-0001';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => h.checkout(school, [order!], { token, key })),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const [payinId] = [...ids] as [string];
    await h.waitForStatus(payinId, 'success');
    expect(await chargesAtGateway(payinId)).toBe(1);
    expect(await h.count('payins', 'idempotency_key = $1', [key])).toBe(1);
    expect(await h.count('allocations', 'order_id = $1', [order!.id])).toBe(1);
    // A retry after success answers the same payment.
    const late = await h.checkout(school, [order!], { token, key });
    expect(late.status).toBe(202);
    expect(late.body).toMatchObject({ id: payinId, status: 'success' });
    await ledgerIsRight();
  });

  test('the same key with another request is a Spanish 422 and nothing is written', async () => {
    const [a, b] = await h.bill(school, family().studentIds, { period: '2026-07' });
    const first = await h.checkout(school, [a!], { key: 'pago-clave-repetida' });
    expect(first.status).toBe(202);
    const before = await h.count('payins');
    const reused = await h.checkout(school, [b!], { key: 'pago-clave-repetida' });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('ya se usó para otra solicitud'),
    });
    expect(await h.count('payins')).toBe(before);
    await h.waitForStatus(first.body.id, 'success');
    // b is still payable with its own key.
    const own = await h.checkout(school, [b!]);
    await h.waitForStatus(own.body.id, 'success');
    await ledgerIsRight();
  });

  test.each([
    ['no orders', { items: [] }, 'Elige al menos un concepto a pagar.'],
    [
      'an order id that is not one',
      { items: [{ order_id: 'orden-1' }] },
      'Alguna orden no es válida.',
    ],
    ['a negative counter', { counter: -1 }, 'Cada orden se paga una vez.'],
    ['a fractional counter', { counter: 1.5 }, 'Cada orden se paga una vez.'],
    ['a huge counter', { counter: 1e12 }, 'Cada orden se paga una vez.'],
    ['a malformed card token', { token: 'tarjeta 4111' }, 'El token de la tarjeta no es válido.'],
    ['an amount from the browser', { total: 100 }, expect.any(String)],
  ])('%s is a Spanish 400 and nothing is written', async (_case, change, message) => {
    const [order] = await h.bill(school, [family().studentIds[0]!], { period: '2026-08' });
    const item: Record<string, unknown> = { order_id: order!.id };
    if ('counter' in change) item.counter = change.counter;
    const body: Record<string, unknown> = {
      school_id: school.id,
      items: 'items' in change ? change.items : [item],
      card: { token: 'token' in change ? change.token : 'a2b74b7e3cf24e368a20380f16844d16' },
      ...('total' in change ? { total: change.total } : {}),
    };
    const before = await h.count('payins');
    const res = await h.call(h.guardian(school), CHECKOUT_PATH, {
      method: 'POST',
      json: body,
      headers: { 'idempotency-key': 'pago-invalido-0001' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Revisa los datos enviados en el cuerpo de la solicitud.');
    expect(res.body.error.details[0].message).toEqual(message);
    expect(await h.count('payins')).toBe(before);
    await h.realBilling.void([order!]);
  });

  test('without an Idempotency-Key it is a Spanish 400', async () => {
    const [order] = await h.bill(school, [family().studentIds[0]!], { period: '2026-09' });
    const res = await h.call(h.guardian(school), CHECKOUT_PATH, {
      method: 'POST',
      json: {
        school_id: school.id,
        items: [{ order_id: order!.id }],
        card: { token: 'a2b74b7e3cf24e368a20380f16844d16' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('Falta el encabezado Idempotency-Key');
    await h.realBilling.void([order!]);
  });

  test('staff cannot pay as a family (403); another family’s or school’s orders are 404', async () => {
    const [mine] = await h.bill(school, [family().studentIds[0]!], { period: '2026-10' });
    const [theirs] = await h.bill(school, school.families[1]!.studentIds, { period: '2026-10' });
    const before = await h.count('payins');

    const staff = await h.checkout(school, [mine!], { claims: h.staff('OWNER') });
    expect(staff.status).toBe(403);

    const otherFamily = await h.checkout(school, [theirs!]);
    expect(otherFamily.status).toBe(404);
    expect(otherFamily.body.error.message).toBe('No encontramos alguno de los conceptos a pagar.');
    // A guardian of the neighbour school naming our school, and our guardian naming theirs.
    const stranger = await h.checkout(school, [mine!], { claims: h.guardian(other) });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.message).toBe('No encontramos esta escuela.');
    const [neighbours] = await h.bill(other, [other.families[0]!.studentIds[0]!]);
    const crossed = await h.checkout(school, [neighbours!]);
    expect(crossed.status).toBe(404);
    expect(await h.count('payins')).toBe(before);
    await h.realBilling.void([mine!, theirs!]);
    await h.realBilling.void([neighbours!]);
    await ledgerIsRight();
  });
});

describe('GET /api/v1/payments_v2/payment-status/{id}/', () => {
  test('the family and its school’s staff see it; others get 404, roles without the grant 403', async () => {
    const [order] = await h.bill(school, [family().studentIds[1]!], { period: '2026-11' });
    const paid = await h.checkout(school, [order!]);
    await h.waitForStatus(paid.body.id, 'success');
    const path = statusPath(paid.body.id);
    expect((await h.call(h.guardian(school), path)).status).toBe(200);
    expect((await h.call(h.staff('ACCOUNTANT'), path)).body.status).toBe('success');
    expect((await h.call(h.staff('CASH_COLLECTION'), path)).status).toBe(200);
    const otherFamily = await h.call(h.guardian(school, 1), path);
    expect(otherFamily.status).toBe(404);
    expect(otherFamily.body.error.message).toBe('No encontramos este pago.');
    expect((await h.call(h.staff('OWNER', other), path)).status).toBe(404);
    expect((await h.call(h.staff('OTHER'), path)).status).toBe(403);
    expect((await h.call(h.guardian(school), statusPath('no-es-uuid'))).status).toBe(404);
    expect(
      (await h.call(h.guardian(school), statusPath('7b0c6c2e-1d1a-4a57-9a34-1b2c3d4e5f60'))).status,
    ).toBe(404);
  });
});

describe('POST /api/v1/kushki_checkout/notifications/', () => {
  const sign = (raw: string, id: string, secret = school.webhookSecret) =>
    createHmac('sha256', secret).update(`${raw}.${id}`).digest('hex');
  async function fetchRaw(raw: string, headers: Record<string, string>) {
    const res = await fetch(`${h.service.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await h.identity.sign({ kind: 'anonymous' })}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: raw,
    });
    return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
  }

  /** A pending payin whose approval the test forges (sandbox webhooks held back). */
  async function pendingPayin() {
    await fetch(`${h.sandbox.url}/_sandbox/behaviour`, {
      method: 'PUT',
      body: JSON.stringify({ hold: true }),
    });
    const [order] = await h.bill(school, [family().studentIds[0]!], { period: '2027-01' });
    const res = await h.checkout(school, [order!]);
    expect(res.status).toBe(202);
    const { rows } = await h.service.db.$client.query(
      'SELECT ticket_number FROM payins WHERE id = $1',
      [res.body.id],
    );
    return {
      payinId: res.body.id as string,
      ticket: rows[0].ticket_number as string,
      order: order!,
    };
  }

  test('a forged, re-signed, stale or unknown-merchant notice is 401 and changes nothing', async () => {
    const { payinId, ticket } = await pendingPayin();
    try {
      const raw = JSON.stringify({
        ticket_number: ticket,
        transaction_type: 'SALE',
        transaction_status: 'APPROVAL',
        approved_transaction_amount: 3500,
        request_amount: 3500,
        metadata: { payment_id: payinId },
      });
      const now = String(Date.now());
      const key = { 'x-kushki-key': school.merchantId, 'x-kushki-id': now };
      const wrongSecret = await fetchRaw(raw, {
        ...key,
        'x-kushki-signature': sign(raw, now, 'otra'),
      });
      expect(wrongSecret.status).toBe(401);
      expect(wrongSecret.body.error!.message).toBe('La firma de la notificación no es válida.');
      // Signed over other bytes (the same JSON re-serialised with spaces).
      const spaced = JSON.stringify(JSON.parse(raw), null, 2);
      expect(
        (await fetchRaw(spaced, { ...key, 'x-kushki-signature': sign(raw, now) })).status,
      ).toBe(401);
      const old = String(Number(now) - 3_600_000);
      const stale = await fetchRaw(raw, {
        ...key,
        'x-kushki-id': old,
        'x-kushki-signature': sign(raw, old),
      });
      expect(stale.status).toBe(401);
      expect(stale.body.error!.message).toContain('fuera de tiempo');
      const unknown = await fetchRaw(raw, {
        ...key,
        'x-kushki-key': 'comercio-desconocido',
        'x-kushki-signature': sign(raw, now),
      });
      expect(unknown.status).toBe(401);
      // Signed by our merchant, but the body says it is another merchant's sale.
      const elsewhere = JSON.stringify({ ...JSON.parse(raw), merchant_id: other.merchantId });
      expect(
        (await fetchRaw(elsewhere, { ...key, 'x-kushki-signature': sign(elsewhere, now) })).status,
      ).toBe(401);
      // The neighbour school's merchant signing a notice about our payin settles nothing.
      const neighbour = await fetchRaw(raw, {
        ...key,
        'x-kushki-key': other.merchantId,
        'x-kushki-signature': sign(raw, now, other.webhookSecret),
      });
      expect(neighbour.status).toBe(200);
      expect(await h.count('payins', "id = $1 AND status = 'pending'", [payinId])).toBe(1);
      expect(await h.count('allocations', 'payin_id = $1', [payinId])).toBe(0);
    } finally {
      await fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: '{}' });
    }
    // Lifting the hold delivers the real notice: now it settles.
    await h.waitForStatus(payinId, 'success');
    await ledgerIsRight();
  });

  test('a webhook secret changed a moment ago signs at once (the merchant kept is read again)', async () => {
    const noticeSigned = (secret: string) => {
      const raw = JSON.stringify({
        ticket_number: `ajeno-${Date.now()}-${Math.random()}`,
        transaction_type: 'SALE',
        transaction_status: 'APPROVAL',
        approved_transaction_amount: 3500,
        request_amount: 3500,
        metadata: { payment_id: '7b0c6c2e-1d1a-4a57-9a34-1b2c3d4e5f60' },
      });
      const now = String(Date.now());
      return fetchRaw(raw, {
        'x-kushki-key': other.merchantId,
        'x-kushki-id': now,
        'x-kushki-signature': sign(raw, now, secret),
      });
    };
    const credentials = (webhookSecret: string) =>
      saveMerchantCredentials(h.service.db, new SecretBox(h.secretsKey), {
        schoolId: other.id,
        environment: 'sandbox',
        merchantId: other.merchantId,
        publicMerchantId: other.publicMerchantId,
        privateMerchantId: other.privateMerchantId,
        webhookSecret,
      });
    expect((await noticeSigned(other.webhookSecret)).status).toBe(200); // heard: kept
    try {
      await credentials('firma-nueva-del-comercio');
      expect((await noticeSigned('firma-nueva-del-comercio')).status).toBe(200);
      expect((await noticeSigned('otra-firma')).status).toBe(401);
    } finally {
      await credentials(other.webhookSecret);
    }
  });

  test('a body that is not a notification is a Spanish 400', async () => {
    const now = String(Date.now());
    const raw = '{"hola":"mundo"}';
    const res = await fetchRaw(raw, {
      'x-kushki-key': school.merchantId,
      'x-kushki-id': now,
      'x-kushki-signature': sign(raw, now),
    });
    expect(res.status).toBe(400);
    expect(res.body.error!.message).toBe('La notificación no tiene la forma esperada.');
  });
});
