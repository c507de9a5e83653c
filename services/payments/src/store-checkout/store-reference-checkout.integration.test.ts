import { randomUUID } from 'node:crypto';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { storeCheckoutStatusSchema } from '@cuota/contracts/payments/store-checkout';
import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import { StoreTestKit } from './store-test-kit';

jest.setTimeout(120_000);

/**
 * A store purchase paid by SPEI or a cash voucher (ADR 0106): the checkout opens one gateway
 * reference per key, holds the stock as long as the reference, settles on the gateway's notice
 * as a card sale settles and gives the stock back when the reference lapses.
 */
let h: PaymentsHarness;
let school: SchoolFixture;
let store: StoreTestKit;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_store_references' });
  school = h.schools[0]!;
  store = new StoreTestKit(h);
}, 90_000);
afterAll(() => h?.stop());

const GUEST: IdentityClaims = { kind: 'anonymous' };
const path = `/api/v1/schools/{school}/store-checkout/`;
const checkoutPath = () => path.replace('{school}', school.id);
const family = () => school.families[0]!;

function buy(
  method: 'transfer' | 'cash',
  lines: { variant_id: string; quantity: number }[],
  options: { claims?: IdentityClaims; key?: string; body?: Record<string, unknown> } = {},
) {
  const claims = options.claims ?? h.guardian(school);
  const guest = claims.kind === 'anonymous';
  return h.call(claims, checkoutPath(), {
    method: 'POST',
    json: {
      method,
      lines,
      student_id: guest ? null : family().studentIds[0],
      buyer_email: guest ? 'invitada@example.com' : null,
      ...options.body,
    },
    headers: { 'idempotency-key': options.key ?? `tienda-${randomUUID()}` },
  });
}

const ticketOf = async (payinId: string): Promise<string> => {
  const { rows } = await h.service.db.$client.query(
    'SELECT ticket_number FROM payins WHERE id = $1',
    [payinId],
  );
  return rows[0].ticket_number as string;
};

const atSandbox = async (payinId: string, action: 'pay' | 'expire', body?: object) =>
  fetch(`${h.sandbox.url}/_sandbox/payins/${await ticketOf(payinId)}/${action}`, {
    method: 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const behave = (json: object) =>
  fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify(json) });

const settledTimes = (payinId: string) =>
  h.count('ledger_transactions', 'idempotency_key = $1', [`payin:${payinId}:settled`]);

test('a family buys by SPEI: CLABE and reference, stock held; five notices settle it once', async () => {
  const polo = await store.item(school, 'Playera deportiva', 30_000, 4);
  const res = await buy('transfer', [{ variant_id: polo, quantity: 2 }]);
  expect(res.status).toBe(202);
  const answer = storeCheckoutStatusSchema.parse(res.body);
  expect(answer).toMatchObject({ status: 'pending', total_centavos: 60_000, card: null });
  expect(answer.instructions).toMatchObject({
    method: 'transfer',
    status: 'pending',
    amount_centavos: 60_000,
    bank: 'STP',
    clabe: expect.stringMatching(/^646\d{15}$/),
  });
  const hours = (Date.parse(answer.instructions!.expires_at) - Date.now()) / 3_600_000;
  expect(Math.round(hours)).toBe(72);
  expect(await store.stockOf(school, polo)).toEqual({ on_hand: 4, reserved: 2 });
  // The units are held past the reference's deadline: its lapse notice releases them.
  const { hold_until } = await store.order(school, answer.order_id);
  expect(Date.parse(hold_until!)).toBeGreaterThan(Date.parse(answer.instructions!.expires_at));

  await behave({ duplicates: 4 });
  try {
    expect((await atSandbox(answer.payment_id, 'pay')).status).toBe(200);
    await h.waitForStatus(answer.payment_id, 'success');
    await waitFor(async () => (await store.stockOf(school, polo)).on_hand === 2);
  } finally {
    await behave({});
  }
  expect(await store.stockOf(school, polo)).toEqual({ on_hand: 2, reserved: 0 });
  expect(await store.orderStatus(school, answer.order_id)).toBe('paid');
  expect(await settledTimes(answer.payment_id)).toBe(1);
  const history: { kind: string }[] = await store.billing(
    school.id,
    `stock-history/?variant_id=${polo}`,
  );
  expect(history.filter((m) => m.kind === 'SUBTRACT')).toHaveLength(1);
  // The receipt, the CFDI and the confirmation e-mail read the sale off the one event.
  const { rows } = await h.books.$client.query(
    "SELECT payload->'data' AS data FROM outbox_events WHERE type = 'payments.payin.succeeded' AND payload->'data'->>'payin_id' = $1",
    [answer.payment_id],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0].data).toMatchObject({
    allocations: [],
    store: { order_id: answer.order_id, lines: [{ variant_id: polo, quantity: 2 }] },
  });
  const status = await h.call(GUEST, `${checkoutPath()}${answer.payment_id}/`);
  expect(status.body).toMatchObject({
    status: 'success',
    receipt_number: expect.stringMatching(/^R-\d{6}$/),
    instructions: { status: 'success', reference: answer.instructions!.reference },
  });
});

test('a guest’s cash voucher that lapses fails the payment and gives the units back', async () => {
  const cap = await store.item(school, 'Gorra de gala', 12_000, 1);
  const res = await buy('cash', [{ variant_id: cap, quantity: 1 }], { claims: GUEST });
  expect(res.status).toBe(202);
  const answer = storeCheckoutStatusSchema.parse(res.body);
  expect(answer.instructions).toMatchObject({
    method: 'cash',
    clabe: null,
    amount_centavos: 12_000,
  });
  expect(await store.stockOf(school, cap)).toEqual({ on_hand: 1, reserved: 1 });
  // The last unit is the voucher's while it lasts: another buyer cannot take it.
  expect((await buy('cash', [{ variant_id: cap, quantity: 1 }], { claims: GUEST })).status).toBe(
    409,
  );

  expect((await atSandbox(answer.payment_id, 'expire')).status).toBe(200);
  await h.waitForStatus(answer.payment_id, 'failed');
  await waitFor(async () => (await store.stockOf(school, cap)).reserved === 0);
  expect(await store.stockOf(school, cap)).toEqual({ on_hand: 1, reserved: 0 });
  expect(await store.orderStatus(school, answer.order_id)).not.toBe('paid');
  expect((await atSandbox(answer.payment_id, 'pay')).status).toBe(409);
  expect(await settledTimes(answer.payment_id)).toBe(0);
});

test('20 concurrent checkouts on one key: one payin, one reference at the gateway', async () => {
  const book = await store.item(school, 'Libro de ciencias', 25_000, 30);
  const key = `tienda-${randomUUID()}`;
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => buy('transfer', [{ variant_id: book, quantity: 1 }], { key })),
  );
  expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
  expect(new Set(answers.map((a) => a.body.payment_id))).toHaveProperty('size', 1);
  expect(new Set(answers.map((a) => a.body.instructions?.reference))).toHaveProperty('size', 1);
  const payinId = answers[0]!.body.payment_id as string;
  const atGateway = (await (
    await fetch(`${h.sandbox.url}/_sandbox/payins?payment_id=${payinId}`)
  ).json()) as unknown[];
  expect(atGateway).toHaveLength(1);
  expect(await store.stockOf(school, book)).toEqual({ on_hand: 30, reserved: 1 });
});

test('a lost gateway answer: the same key asks again and gets the one reference', async () => {
  const pin = await store.item(school, 'Pin de generación', 5_000, 5);
  const key = `tienda-${randomUUID()}`;
  await fetch(`${h.sandbox.url}/_sandbox/payins/lose-answers`, {
    method: 'PUT',
    body: JSON.stringify({ count: 1 }),
  });
  const lost = await buy('cash', [{ variant_id: pin, quantity: 1 }], { key });
  expect(lost.status).toBe(503);
  const retried = await buy('cash', [{ variant_id: pin, quantity: 1 }], { key });
  expect(retried.status).toBe(202);
  const payinId = retried.body.payment_id as string;
  const atGateway = (await (
    await fetch(`${h.sandbox.url}/_sandbox/payins?payment_id=${payinId}`)
  ).json()) as { pin: string }[];
  expect(atGateway).toEqual([
    expect.objectContaining({ pin: retried.body.instructions.reference }),
  ]);
});

test('a transfer of another amount is not the sale: it fails and the units come back', async () => {
  const bag = await store.item(school, 'Mochila', 40_000, 2);
  const res = await buy('transfer', [{ variant_id: bag, quantity: 1 }]);
  const payinId = res.body.payment_id as string;
  expect((await atSandbox(payinId, 'pay', { amount_centavos: 30_000 })).status).toBe(200);
  await h.waitForStatus(payinId, 'failed');
  await waitFor(async () => (await store.stockOf(school, bag)).reserved === 0);
  expect(await settledTimes(payinId)).toBe(0);
  const status = await h.call(GUEST, `${checkoutPath()}${payinId}/`);
  expect(status.body.error).toMatchObject({ code: 'AMOUNT_MISMATCH' });
});

test('a card token with SPEI, or a card without one, is a Spanish 400', async () => {
  const pen = await store.item(school, 'Pluma', 2_000, 5);
  const withCard = await buy('transfer', [{ variant_id: pen, quantity: 1 }], {
    body: { card: { token: 'a'.repeat(32) } },
  });
  expect(withCard.status).toBe(400);
  expect(JSON.stringify(withCard.body)).toContain('no lleva datos de tarjeta');
  const noToken = await buy('transfer', [{ variant_id: pen, quantity: 1 }], {
    body: { method: 'card' },
  });
  expect(noToken.status).toBe(400);
  expect(JSON.stringify(noToken.body)).toContain('Captura los datos de tu tarjeta');
  expect(await store.stockOf(school, pen)).toEqual({ on_hand: 5, reserved: 0 });
});

test('staff do not buy in the store: a SPEI checkout is 403 and holds nothing', async () => {
  const ruler = await store.item(school, 'Regla', 1_500, 3);
  const res = await buy('transfer', [{ variant_id: ruler, quantity: 1 }], {
    claims: h.staff('TREASURER', school),
  });
  expect(res.status).toBe(403);
  expect(await store.stockOf(school, ruler)).toEqual({ on_hand: 3, reserved: 0 });
});
