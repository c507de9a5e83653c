import { createHmac, randomUUID } from 'node:crypto';
import { waitFor } from '@cuota/testing/wait-for';
import { centavosToPesos } from '../gateway/kushki-money';
import { CARDS, type PaymentsHarness, type SchoolFixture } from '../test-support/payments-harness';
import type { BilledOrder } from '../test-support/real-billing';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(90_000);

/**
 * A subscription's recurring card charge (ADR 0045): Kushki's signed notice, verified as the
 * card webhook, settles once however often it is delivered, paying that month's order.
 */
let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
let transport: BilledOrder;
let conceptId: string;
const PATH = '/api/v1/subscriptions/notifications/';

beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_subscription_notice' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
  const billed = await h.bill(school, [school.families[0]!.studentIds[0]!], {
    conceptName: 'Transporte',
    conceptType: 'TRANSPORT',
    period: '2026-04',
    dueOn: '2026-04-05',
    amount: 120_000,
  });
  transport = billed[0]!;
  const open = await h.deps.billing.openOrdersOf(school.id, transport.studentId);
  conceptId = open.find((o) => o.order_id === transport.id)!.concept_id;
}, 90_000);
afterAll(() => h?.stop());

const sign = (raw: string, id: string, secret: string) =>
  createHmac('sha256', secret).update(`${raw}.${id}`).digest('hex');

/** A charge notice as Kushki sends it, signed by the school's merchant (or another secret). */
function notice(
  over: { amount?: number; status?: string; period?: string; student?: string } = {},
  ticket = `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
) {
  return JSON.stringify({
    ticket_number: ticket,
    transaction_type: 'SALE',
    transaction_status: over.status ?? 'APPROVAL',
    subscription_id: `sub-${randomUUID()}`,
    merchant_id: school.merchantId,
    approved_transaction_amount: centavosToPesos(over.amount ?? 120_000),
    request_amount: centavosToPesos(over.amount ?? 120_000),
    payment_brand: 'Visa',
    last_four_digits: '1111',
    metadata: {
      student_id: over.student ?? transport.studentId,
      concept_id: conceptId,
      period: over.period ?? '2026-04',
    },
  });
}

async function deliver(raw: string, secret = school.webhookSecret, merchant = school.merchantId) {
  const id = String(Date.now());
  const res = await fetch(`${h.service.url}${PATH}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await h.identity.sign({ kind: 'anonymous' })}`,
      'content-type': 'application/json',
      'x-kushki-key': merchant,
      'x-kushki-id': id,
      'x-kushki-signature': sign(raw, id, secret),
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
}

const payinsOfTicket = (ticket: string) =>
  h.count('payins', 'idempotency_key = $1', [`subscription:${ticket}`]);

test('an approved charge delivered 5 times at once is one payin paying that month’s order', async () => {
  const raw = notice();
  const ticket = JSON.parse(raw).ticket_number as string;
  const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(raw)));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  expect(await deliver(raw)).toMatchObject({ status: 200 }); // and once more, later
  expect(await payinsOfTicket(ticket)).toBe(1);
  const { rows } = await h.books.$client.query(
    `SELECT p.status, p.method, p.amount_centavos::int, p.credit_created_centavos::int,
            p.receipt_number, a.order_id, a.base_centavos::int
       FROM payins p JOIN allocations a ON a.payin_id = p.id
      WHERE p.idempotency_key = $1`,
    [`subscription:${ticket}`],
  );
  expect(rows).toEqual([
    {
      status: 'success',
      method: 'credit_card',
      amount_centavos: 120_000,
      credit_created_centavos: 0,
      receipt_number: expect.stringMatching(/^R-\d{6}$/),
      order_id: transport.id,
      base_centavos: 120_000,
    },
  ]);
  await h.realBilling.waitForPaid(transport);
  await waitFor(async () => (await h.ledgerCheck()).ok);
});

test('a month already paid (or not billed) becomes the student’s credit, books balanced', async () => {
  const raw = notice({ period: '2026-05', amount: 90_000 });
  expect((await deliver(raw)).status).toBe(200);
  const ticket = JSON.parse(raw).ticket_number as string;
  const { rows } = await h.books.$client.query(
    `SELECT status, credit_created_centavos::int, credit_student_id FROM payins
      WHERE idempotency_key = $1`,
    [`subscription:${ticket}`],
  );
  expect(rows).toEqual([
    { status: 'success', credit_created_centavos: 90_000, credit_student_id: transport.studentId },
  ]);
  await waitFor(async () => (await h.ledgerCheck()).ok);
});

test('a declined charge moves no money; forged or foreign notices are refused', async () => {
  const payinsBefore = await h.count('payins');
  expect((await deliver(notice({ status: 'DECLINED' }))).status).toBe(200);
  expect(await h.count('payins')).toBe(payinsBefore);

  const forged = await deliver(notice(), 'otra-firma');
  expect(forged.status).toBe(401);
  expect(forged.body.error!.message).toBe('La firma de la notificación no es válida.');
  // The neighbour school's merchant cannot pay our student's order.
  const foreign = await deliver(notice(), other.webhookSecret, other.merchantId);
  expect(foreign.status).toBe(401);
  const stranger = JSON.stringify({ ...JSON.parse(notice()), merchant_id: other.merchantId });
  expect((await deliver(stranger, other.webhookSecret, other.merchantId)).status).toBe(400);
  expect(await h.count('payins')).toBe(payinsBefore);
});

test('a body that is not a subscription charge, or names another school’s student, is a Spanish 400', async () => {
  const plain = await deliver('{"hola":"mundo"}');
  expect(plain.status).toBe(400);
  expect(plain.body.error!.message).toBe('La notificación no tiene la forma esperada.');
  const elsewhere = await deliver(notice({ student: other.families[0]!.studentIds[0]! }));
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.body.error!.message).toBe(
    'La suscripción nombra a un alumno que no es de la escuela.',
  );
});

describe('through the gateway sandbox’s subscriptions', () => {
  const kushki = (path: string, json: unknown) =>
    fetch(`${h.sandbox.url}${path}`, {
      method: 'POST',
      headers: {
        'Private-Merchant-Id': school.privateMerchantId,
        'content-type': 'application/json',
      },
      body: JSON.stringify(json),
    });
  const amount = (centavos: number) => ({
    subtotalIva: 0,
    subtotalIva0: centavosToPesos(centavos),
    iva: 0,
    currency: 'MXN',
  });

  test('a monthly charge the sandbox delivers 5 times pays that month once', async () => {
    const [order] = await h.bill(school, [school.families[0]!.studentIds[1]!], {
      conceptName: 'Comedor',
      conceptType: 'CAFETERIA',
      period: '2026-06',
      dueOn: '2026-06-05',
      amount: 80_000,
    });
    const open = await h.deps.billing.openOrdersOf(school.id, order!.studentId);
    const concept = open.find((o) => o.order_id === order!.id)!.concept_id;
    const created = await kushki('/subscriptions/v1/card', {
      token: await h.tokenize(school, CARDS.approved, 80_000),
      planName: 'Comedor',
      periodicity: 'custom',
      amount: amount(80_000),
      startDate: '2026-06-01',
      metadata: { student_id: order!.studentId, concept_id: concept },
    });
    expect(created.status).toBe(201);
    const { subscriptionId } = (await created.json()) as { subscriptionId: string };

    await fetch(`${h.sandbox.url}/_sandbox/behaviour`, {
      method: 'PUT',
      body: JSON.stringify({ duplicates: 4 }),
    });
    try {
      const charged = await kushki(`/subscriptions/v1/card/${subscriptionId}`, {
        amount: amount(80_000),
        metadata: { period: '2026-06' },
      });
      expect(charged.status).toBe(201);
      const { ticketNumber } = (await charged.json()) as { ticketNumber: string };
      await h.realBilling.waitForPaid(order!);
      // Five deliveries reached payments, each answered 2xx.
      await waitFor(async () => {
        const res = await fetch(`${h.sandbox.url}/_sandbox/webhooks?ticketNumber=${ticketNumber}`);
        const log = (await res.json()) as { status: number | null }[];
        return log.length === 5 && log.every((d) => d.status === 200);
      });
      await waitFor(
        async () =>
          (await h.count('gateway_notifications', 'ticket_number = $1', [ticketNumber])) === 1,
      );
      expect(await payinsOfTicket(ticketNumber)).toBe(1);
      expect(await h.count('allocations', 'order_id = $1', [order!.id])).toBe(1);
    } finally {
      await fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: '{}' });
    }
    await waitFor(async () => (await h.ledgerCheck()).ok);
  });
});
