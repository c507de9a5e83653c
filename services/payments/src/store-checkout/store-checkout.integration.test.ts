import { randomUUID } from 'node:crypto';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { waitFor } from '@cuota/testing/wait-for';
import { KushkiGateway } from '../gateway/kushki-gateway';
import { CARDS, type PaymentsHarness, type SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import { StoreTestKit } from './store-test-kit';
import { LAPSED_SALE_REFUNDED } from './refund-lapsed-sale';
import { storeStockSweep } from './store-stock-sweep';
import { pdfText } from '../test-support/pdf-text';

jest.setTimeout(90_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let store: StoreTestKit;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_store_checkout' });
  school = h.schools[0]!;
  store = new StoreTestKit(h);
}, 90_000);
afterAll(() => h?.stop());

const GUEST: IdentityClaims = { kind: 'anonymous' };
const path = (schoolId = school.id) => `/api/v1/schools/${schoolId}/store-checkout/`;
const family = () => school.families[0]!;

async function buy(
  lines: { variant_id: string; quantity: number }[],
  totalCentavos: number,
  options: {
    claims?: IdentityClaims;
    key?: string;
    card?: string;
    token?: string;
    body?: Record<string, unknown>;
  } = {},
) {
  const token =
    options.token ?? (await h.tokenize(school, options.card ?? CARDS.approved, totalCentavos));
  const claims = options.claims ?? h.guardian(school);
  return h.call(claims, path(), {
    method: 'POST',
    json: {
      lines,
      student_id: claims.kind === 'guardian' ? family().studentIds[0] : null,
      card: { token },
      ...options.body,
    },
    headers: { 'idempotency-key': options.key ?? `tienda-${randomUUID()}` },
  });
}

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
    return report.ok && report.balanced;
  });

const storeRevenue = async () => {
  const { rows } = await h.books.$client.query(
    `SELECT COALESCE(sum(l.amount_centavos), 0)::bigint AS n FROM ledger_entries l
       JOIN ledger_accounts a ON a.id = l.account_id WHERE a.code = $1`,
    [`school:${school.id}:store_revenue`],
  );
  return -Number(rows[0].n);
};

test('a family buys by card: billing prices it, the webhook settles, posts and commits once', async () => {
  const polo = await store.item(school, 'Playera polo', 35_000, 5);
  const key = `tienda-${randomUUID()}`;
  const token = await h.tokenize(school, CARDS.approved, 70_000);
  const first = await buy([{ variant_id: polo, quantity: 2 }], 70_000, { key, token });
  expect(first.status).toBe(202);
  expect(first.body).toMatchObject({ school_id: school.id, total_centavos: 70_000 });
  expect(await store.stockOf(school, polo)).toEqual({ on_hand: 5, reserved: 2 });

  // Retried (a double click, a lost answer): the same payment, never a second charge.
  const again = await buy([{ variant_id: polo, quantity: 2 }], 70_000, { key, token });
  expect(again.status).toBe(202);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body.payment_id).toBe(first.body.payment_id);

  await h.waitForStatus(first.body.payment_id, 'success');
  await waitFor(async () => (await store.stockOf(school, polo)).on_hand === 3);
  expect(await store.stockOf(school, polo)).toEqual({ on_hand: 3, reserved: 0 });
  expect(await store.orderStatus(school, first.body.order_id)).toBe('paid');
  const status = await h.call(GUEST, `${path()}${first.body.payment_id}/`);
  expect(status.body).toMatchObject({
    status: 'success',
    card: { brand: 'Mastercard', last4: '5480' },
    receipt_number: expect.stringMatching(/^R-\d{6}$/),
  });
  expect(await chargesAtGateway(first.body.payment_id)).toBe(1);
  expect(await storeRevenue()).toBe(70_000);
  expect(await h.count('allocations', 'payin_id = $1', [first.body.payment_id])).toBe(0);
  // The receipt, the family's history and the CFDI read the sale's lines off the event.
  const { rows } = await h.books.$client.query(
    "SELECT payload->'data' AS data FROM outbox_events WHERE type = 'payments.payin.succeeded' AND payload->'data'->>'payin_id' = $1",
    [first.body.payment_id],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0].data).toMatchObject({
    guardian_id: family().guardianId,
    allocations: [],
    store: {
      order_id: first.body.order_id,
      student_id: family().studentIds[0],
      lines: [
        {
          variant_id: polo,
          item_name: 'Playera polo',
          tax: 'IVA_16',
          unit_price_centavos: 35_000,
          quantity: 2,
        },
      ],
    },
  });
  // The family's payment history shows the sale with what it bought.
  const history = await h.call(h.guardian(school), `/api/v1/schools/${school.id}/payins/`);
  expect(
    history.body.results.find((p: { id: string }) => p.id === first.body.payment_id),
  ).toMatchObject({
    status: 'success',
    allocations: [],
    store_lines: [{ item_name: 'Playera polo', quantity: 2, unit_price_centavos: 35_000 }],
    store_order_id: first.body.order_id,
  });
  // Its receipt lists the articles: product, quantity, unit price, IVA included, amount.
  const receipt = await h.call(
    h.guardian(school),
    `/api/v2/schools/${school.id}/payins/${first.body.payment_id}/receipt/`,
  );
  expect(receipt.status).toBe(200);
  const text = await pdfText(receipt.body as Buffer);
  expect(text).toContain('ARTÍCULOS DE LA TIENDA');
  for (const cell of ['Playera polo (Única)', '$350.00', '16 % · $96.55', '$700.00'])
    expect(text).toContain(cell);
  await ledgerIsRight();
});

test('the webhook delivered five times commits the stock and posts the sale once', async () => {
  const book = await store.item(school, 'Libro de lectura', 42_000, 10);
  const before = await storeRevenue();
  await fetch(`${h.sandbox.url}/_sandbox/behaviour`, {
    method: 'PUT',
    body: JSON.stringify({ duplicates: 4 }),
  });
  try {
    const res = await buy([{ variant_id: book, quantity: 1 }], 42_000);
    await h.waitForStatus(res.body.payment_id, 'success');
    await waitFor(async () => {
      const log = (await (await fetch(`${h.sandbox.url}/_sandbox/webhooks`)).json()) as {
        status: number | null;
      }[];
      return log.filter((d) => d.status === 200).length >= 5;
    });
    await waitFor(async () => (await store.stockOf(school, book)).on_hand === 9);
    const history: { optional_order_id?: string; kind: string; variant_id: string }[] =
      await store.billing(school.id, `stock-history/?variant_id=${book}`);
    expect(history.filter((m) => m.kind === 'SUBTRACT')).toHaveLength(1);
    expect(await storeRevenue()).toBe(before + 42_000);
    expect(
      await h.count('ledger_transactions', 'idempotency_key = $1', [
        `payin:${res.body.payment_id}:settled`,
      ]),
    ).toBe(1);
  } finally {
    await fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: '{}' });
  }
});

test('a declined card is a Spanish 402 and its units are sellable again at once', async () => {
  const cap = await store.item(school, 'Gorra', 15_000, 1);
  const declined = await buy([{ variant_id: cap, quantity: 1 }], 15_000, { card: CARDS.noFunds });
  expect(declined.status).toBe(402);
  expect(declined.body.error).toEqual({ code: 'PAYMENT_DECLINED', message: 'Tarjeta sin fondos' });
  expect(await store.stockOf(school, cap)).toEqual({ on_hand: 1, reserved: 0 });
  // The last unit is still there for the next buyer.
  const next = await buy([{ variant_id: cap, quantity: 1 }], 15_000);
  expect(next.status).toBe(202);
  await h.waitForStatus(next.body.payment_id, 'success');
  await waitFor(async () => (await store.stockOf(school, cap)).on_hand === 0);
});

test('what is not in stock is a Spanish 409 and nothing is charged', async () => {
  const pin = await store.item(school, 'Pin escolar', 5_000, 1);
  const res = await buy([{ variant_id: pin, quantity: 2 }], 10_000);
  expect(res.status).toBe(409);
  expect(res.body.error.message).toMatch(/^Alguno de tus artículos ya no está disponible\./);
  expect(await h.count('payins', 'amount_centavos = 10000')).toBe(0);
  expect(await store.stockOf(school, pin)).toEqual({ on_hand: 1, reserved: 0 });
});

test('amounts never come from the browser; buyers are checked', async () => {
  const sock = await store.item(school, 'Calcetas', 8_000, 10);
  const line = [{ variant_id: sock, quantity: 1 }];
  const priced = await buy(line, 8_000, { body: { total_centavos: 1 } });
  expect(priced.status).toBe(400);
  // A guest must leave an e-mail; a family buys only for its own students.
  const noEmail = await buy(line, 8_000, { claims: GUEST });
  expect(noEmail.status).toBe(422);
  expect(noEmail.body.error.message).toBe(
    'Escribe tu correo para recibir la confirmación de tu compra.',
  );
  const notTheirs = await buy(line, 8_000, {
    body: { student_id: school.families[1]!.studentIds[0] },
  });
  expect(notTheirs.status).toBe(422);
  const otherSchool = await h.call(h.guardian(h.schools[1]!), path(), {
    method: 'POST',
    json: { lines: line, student_id: family().studentIds[0], card: { token: 'a'.repeat(32) } },
    headers: { 'idempotency-key': `tienda-${randomUUID()}` },
  });
  expect(otherSchool.status).toBe(404);
  const staff = await buy(line, 8_000, { claims: h.staff('OWNER') });
  expect(staff.status).toBe(403);
  expect(await store.stockOf(school, sock)).toEqual({ on_hand: 10, reserved: 0 });
  // Another school's payment is not found under this school.
  const guest = await buy(line, 8_000, {
    claims: GUEST,
    body: { buyer_email: 'Mama@Example.com' },
  });
  expect(guest.status).toBe(202);
  const foreign = await h.call(GUEST, `${path(h.schools[1]!.id)}${guest.body.payment_id}/`);
  expect(foreign.status).toBe(404);
  await h.waitForStatus(guest.body.payment_id, 'success');
  await waitFor(async () => (await store.stockOf(school, sock)).on_hand === 9);
});

test('a guest’s lead and fiscal data travel with the sale; a wrong RFC is refused', async () => {
  const cap = await store.item(school, 'Gorra', 15_000, 5);
  const line = [{ variant_id: cap, quantity: 1 }];
  const fiscal = {
    tax_id: 'mopl850101ab9',
    billing_name: 'LUCIA MORALES PEREZ',
    tax_zip_code: '03100',
    tax_regime: '612',
    cfdi_use: 'G03',
  };
  const wrong = await buy(line, 15_000, {
    claims: GUEST,
    body: { buyer_email: 'lucia@example.com', fiscal: { ...fiscal, tax_id: 'MOPL85' } },
  });
  expect(wrong.status).toBe(400);
  expect(JSON.stringify(wrong.body)).toContain('El RFC no tiene un formato válido');
  const lead = randomUUID();
  const res = await buy(line, 15_000, {
    claims: GUEST,
    body: { buyer_email: 'lucia@example.com', fiscal, lead_id: lead },
  });
  expect(res.status).toBe(202);
  // Billing's order names the guest's lead: the school sees who bought (ADR 0092).
  const orders = await h.realBilling.billing.query(
    'SELECT lead_id FROM optional_orders WHERE id = $1',
    [res.body.order_id],
  );
  expect(orders).toEqual([{ lead_id: lead }]);
  await h.waitForStatus(res.body.payment_id, 'success');
  const { rows } = await h.books.$client.query(
    "SELECT payload->'data'->'store' AS store FROM outbox_events WHERE type = 'payments.payin.succeeded' AND payload->'data'->>'payin_id' = $1",
    [res.body.payment_id],
  );
  expect(rows[0].store).toMatchObject({
    student_id: null,
    buyer_email: 'lucia@example.com',
    fiscal: { ...fiscal, tax_id: 'MOPL850101AB9' },
  });
});

test('the sweep tells billing again what a lost answer left held, and nothing is sold twice', async () => {
  const scarf = await store.item(school, 'Bufanda', 20_000, 4);
  const res = await buy([{ variant_id: scarf, quantity: 1 }], 20_000);
  await h.waitForStatus(res.body.payment_id, 'success');
  await waitFor(async () => (await store.stockOf(school, scarf)).on_hand === 3);
  // As if billing's answer to the commit had been lost after it committed.
  await h.books.$client.query("UPDATE store_checkouts SET stock = 'held' WHERE payin_id = $1", [
    res.body.payment_id,
  ]);
  const sweep = storeStockSweep(h.deps, 60_000);
  sweep.start();
  try {
    await waitFor(
      async () =>
        (await h.count('store_checkouts', "payin_id = $1 AND stock = 'committed'", [
          res.body.payment_id,
        ])) === 1,
    );
  } finally {
    await sweep.stop();
  }
  expect(await store.stockOf(school, scarf)).toEqual({ on_hand: 3, reserved: 0 });
});

const webhooks = (behaviour: object) =>
  fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify(behaviour) });

test('paid after its hold lapsed and its last unit was sold: refunded whole, books even', async () => {
  const bag = await store.item(school, 'Mochila', 60_000, 1);
  const revenue = await storeRevenue();
  const guest = (email: string) => ({ claims: GUEST, body: { buyer_email: email } });
  await webhooks({ hold: true });
  let late, first;
  try {
    late = await buy([{ variant_id: bag, quantity: 1 }], 60_000, guest('tarde@example.com'));
    expect(late.status).toBe(202);
    // The gateway's word is late: the hold runs out and another buyer takes the last unit.
    await h.realBilling.billing.query(
      "UPDATE optional_orders SET hold_until = now() - interval '1 second' WHERE id = $1",
      [late.body.order_id],
    );
    first = await buy([{ variant_id: bag, quantity: 1 }], 60_000, guest('antes@example.com'));
    expect(first.status).toBe(202);
  } finally {
    await webhooks({}); // lifting the hold sends what it held
  }
  await h.waitForStatus(first.body.payment_id, 'success');
  // Billing is told of the first sale's units after its settlement commits: wait for both.
  await waitFor(
    async () =>
      (await h.count('store_checkouts', "payin_id = $1 AND stock = 'refunded'", [
        late.body.payment_id,
      ])) === 1 &&
      (await h.count('store_checkouts', "payin_id = $1 AND stock = 'committed'", [
        first.body.payment_id,
      ])) === 1,
  );
  const checkouts = await h.books.$client.query(
    'SELECT payin_id, stock FROM store_checkouts WHERE payin_id = ANY($1)',
    [[first.body.payment_id, late.body.payment_id]],
  );
  expect(Object.fromEntries(checkouts.rows.map((r) => [r.payin_id, r.stock]))).toEqual({
    [first.body.payment_id]: 'committed',
    [late.body.payment_id]: 'refunded',
  });
  const status = await h.call(GUEST, `${path()}${late.body.payment_id}/`);
  expect(status.body).toMatchObject({
    status: 'canceled',
    error: { code: 'STORE_SOLD_OUT', message: LAPSED_SALE_REFUNDED },
  });
  const gateway = new KushkiGateway({
    baseUrl: h.sandbox.url,
    publicMerchantId: school.publicMerchantId,
    privateMerchantId: school.privateMerchantId,
  });
  const { sales, reversals } = await gateway.transactionsBetween(
    new Date(Date.now() - 3_600_000),
    new Date(),
  );
  const lateSale = sales.find((s) => s.paymentId === late.body.payment_id)!;
  expect(reversals.filter((r) => r.saleTicketNumber === lateSale.ticketNumber)).toHaveLength(1);
  expect(await store.stockOf(school, bag)).toEqual({ on_hand: 0, reserved: 0 });
  expect(await storeRevenue()).toBe(revenue + 60_000);
  // One reversal, carrying the sale so the buyer hears of the refund (ADR 0092).
  const reversed = await h.books.$client.query(
    "SELECT payload->'data'->'store' AS store FROM outbox_events WHERE type = 'payments.payin.reversed' AND payload->'data'->>'payin_id' = $1",
    [late.body.payment_id],
  );
  expect(reversed.rows).toEqual([
    {
      store: expect.objectContaining({
        guardian_id: null,
        buyer_email: 'tarde@example.com',
        lines: [expect.objectContaining({ item_name: 'Mochila', quantity: 1 })],
      }),
    },
  ]);
  await ledgerIsRight();
});
