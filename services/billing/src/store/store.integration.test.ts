import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  commitStockRequest,
  releaseStockRequest,
  reserveStockRequest,
} from '@cuota/contracts/billing/store-requests';
import { requestReply } from '@cuota/messaging/request-reply';
import {
  GUARDIAN,
  OTHER_GUARDIAN,
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { seedDemoStore } from './demo-store';
import { storeHoldSweep } from './store-hold-sweep';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { waitFor } from '@cuota/testing/wait-for';

jest.setTimeout(120_000);

let h: BillingHarness;
const visitor: IdentityClaims = { kind: 'anonymous' };
const owner = staff('OWNER');
const dash = (path: string, school = SCHOOL) => `/api/v1/dashboard/schools/${school}/${path}`;
const pub = (path: string, school = SCHOOL) => `/api/v1/schools/${school}/${path}`;
let ref = 0;
const reserveAs = (
  guardian: string | null,
  lines: { variant_id: string; quantity: number }[],
  extra = {},
) =>
  requestReply(
    h.ns.nc,
    h.ns,
    reserveStockRequest,
    {
      school_id: SCHOOL,
      checkout_ref: `checkout-${++ref}`,
      guardian_id: guardian,
      student_id: null,
      buyer_email: null,
      lines,
      ...extra,
    },
    60_000,
  );
const settle = (def: typeof commitStockRequest, orderId: string) =>
  requestReply(h.ns.nc, h.ns, def, { school_id: SCHOOL, order_id: orderId }, 60_000);

async function newItem(body: Json, count?: number) {
  const item = await h.call(owner, dash('store-items/'), { json: body });
  expect(item.status).toBe(201);
  if (count !== undefined)
    for (const v of item.body.variants)
      await h.call(owner, dash('stock/'), {
        json: { variant_id: v.id, kind: 'SET_FIRST_TIME', quantity: count },
      });
  return item.body;
}

beforeAll(async () => {
  h = await startBillingHarness();
});
afterAll(() => h?.dispose());

test('catalogue: category, uniform with sizes at 16 %, book at 0 %, edits and the public store', async () => {
  const category = await h.call(owner, dash('store-categories/'), { json: { name: 'Uniformes' } });
  expect(category.status).toBe(201);
  const dup = await h.call(owner, dash('store-categories/'), { json: { name: 'Uniformes' } });
  expect(dup).toMatchObject({
    status: 400,
    body: { error: { message: 'Ya existe una categoría con ese nombre.' } },
  });
  const polo = await newItem({
    name: 'Playera polo',
    category_id: category.body.id,
    price_centavos: 35_000,
    tax: 'IVA_16',
    variants: [
      { size: '8', colour: 'Blanco' },
      { size: '10', colour: 'Blanco' },
    ],
  });
  expect(polo).toMatchObject({ category: { name: 'Uniformes' }, tax: 'IVA_16', visible: true });
  // A new variant sells nothing until counted.
  expect(polo.variants.map((v: Json) => v.available)).toEqual([0, 0]);
  await newItem({ name: 'Libro de lectura 3°', price_centavos: 42_000, tax: 'IVA_0' }, 5);
  const hidden = await newItem(
    { name: 'Chamarra', price_centavos: 90_000, tax: 'IVA_16', visible: false },
    3,
  );

  const edited = await h.call(owner, dash(`store-items/${polo.id}/`), {
    method: 'PATCH',
    json: { price_centavos: 36_000, add_variants: [{ size: '12', colour: 'Blanco' }] },
  });
  expect(edited.body).toMatchObject({ price_centavos: 36_000 });
  expect(edited.body.variants).toHaveLength(3);

  const store = await h.call(visitor, pub('online-store/'));
  expect(store.status).toBe(200);
  expect(store.body.items.map((i: Json) => i.name)).toEqual([
    'Libro de lectura 3°',
    'Playera polo',
  ]);
  expect(store.body.items[0].variants[0]).toEqual({
    id: expect.any(String),
    size: null,
    colour: null,
    available: 5,
  });
  const check = await h.call(visitor, pub('validate_stock/'), {
    json: {
      lines: [
        { variant_id: store.body.items[0].variants[0].id, quantity: 6 },
        { variant_id: hidden.variants[0].id, quantity: 1 },
      ],
    },
  });
  expect(check.body).toEqual({
    ok: false,
    lines: [
      expect.objectContaining({
        requested: 6,
        available: 5,
        can_sell: false,
        message: 'Solo quedan 5 disponibles.',
      }),
      expect.objectContaining({ can_sell: false, message: 'Este artículo no está a la venta.' }),
    ],
  });
  const staffList = await h.call(staff('CASH_COLLECTION'), dash('stock/'));
  expect(staffList.body.map((i: Json) => i.name)).toContain('Chamarra');
});

test('SAT product keys: a default per tax kind, the item’s own once set, kept by each order', async () => {
  const shirt = await newItem(
    { name: 'Camiseta deportiva', price_centavos: 25_000, tax: 'IVA_16' },
    5,
  );
  const book = await newItem({ name: 'Atlas escolar', price_centavos: 30_000, tax: 'IVA_0' }, 5);
  expect([shirt.sat_product_key, book.sat_product_key]).toEqual([null, null]);
  const [shirtVariant, bookVariant] = [shirt.variants[0].id, book.variants[0].id];
  const before = await reserveAs(GUARDIAN, [
    { variant_id: shirtVariant, quantity: 1 },
    { variant_id: bookVariant, quantity: 1 },
  ]);
  if (!before.reserved) throw new Error('not reserved');
  const keyOf = (order: typeof before.order, variant: string) =>
    order.lines.find((l) => l.variant_id === variant)?.sat_product_key;
  expect([keyOf(before.order, shirtVariant), keyOf(before.order, bookVariant)]).toEqual([
    '53102705',
    '55101509',
  ]);

  const wrong = await h.call(owner, dash(`store-items/${shirt.id}/`), {
    method: 'PATCH',
    json: { sat_product_key: '5310' },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.details[0].message).toBe(
    'La clave de producto o servicio del SAT (ClaveProdServ) tiene 8 dígitos.',
  );
  const edited = await h.call(owner, dash(`store-items/${shirt.id}/`), {
    method: 'PATCH',
    json: { sat_product_key: '53103001' },
  });
  expect(edited).toMatchObject({ status: 200, body: { sat_product_key: '53103001' } });
  const after = await reserveAs(GUARDIAN, [{ variant_id: shirtVariant, quantity: 1 }]);
  if (!after.reserved) throw new Error('not reserved');
  expect(keyOf(after.order, shirtVariant)).toBe('53103001');
  // The earlier order keeps the key it was reserved with; buyers never see keys.
  const orders = await h.call(owner, dash('optional-orders/'));
  const earlier = orders.body.find((o: { id: string }) => o.id === before.order.id);
  expect(keyOf(earlier, shirtVariant)).toBe('53102705');
  const store = await h.call(visitor, pub('online-store/'));
  expect(JSON.stringify(store.body)).not.toContain('sat_product_key');
});

test('bad input and forbidden paths answer in Spanish and write nothing', async () => {
  const before = await h.query<Json>('SELECT count(*)::int AS n FROM store_items');
  const bad = await h.call(owner, dash('store-items/'), {
    json: { name: '', price_centavos: 10.5, tax: 'IVA_8' },
  });
  expect(bad.status).toBe(400);
  const cashier = await h.call(staff('CASH_COLLECTION'), dash('store-items/'), {
    json: { name: 'Gorra', price_centavos: 10_000, tax: 'IVA_16' },
  });
  expect(cashier.status).toBe(403);
  const elsewhere = await h.call(staff('OWNER', OTHER_SCHOOL), dash('stock/'));
  expect(elsewhere.status).toBe(404);
  expect((await h.call(family(), dash('stock/'))).status).toBe(403);
  expect((await h.call(visitor, dash('stock-history/'))).status).toBe(401);
  const other = await h.call(staff('OWNER', OTHER_SCHOOL), dash('store-items/', OTHER_SCHOOL), {
    json: { name: 'Otra', price_centavos: 100, tax: 'IVA_16' },
  });
  const foreignMove = await h.call(owner, dash('stock/'), {
    json: { variant_id: other.body.variants[0].id, kind: 'SUM', quantity: 1 },
  });
  expect(foreignMove).toMatchObject({
    status: 404,
    body: { error: { message: 'No encontramos este artículo.' } },
  });
  const after = await h.query<Json>('SELECT count(*)::int AS n FROM store_items');
  expect(after[0].n).toBe(before[0].n + 1);
});

test('movements: each kind with its rule, history newest first with INTERNAL and EXTERNAL', async () => {
  const cap = await newItem({ name: 'Gorra', price_centavos: 15_000, tax: 'IVA_16' });
  const variant_id = cap.variants[0].id;
  const move = (kind: string, quantity = 0) =>
    h.call(owner, dash('stock/'), { json: { variant_id, kind, quantity, note: kind } });
  expect((await move('SET_FIRST_TIME', 10)).body).toMatchObject({
    on_hand_after: 10,
    movement: 'INTERNAL',
  });
  expect((await move('SET_FIRST_TIME', 4)).body.error.message).toMatch(/ya se registraron/);
  expect((await move('SUM', 5)).body.on_hand_after).toBe(15);
  expect((await move('SUBTRACT', 3)).body.on_hand_after).toBe(12);
  expect((await move('UPDATE', 11)).body.on_hand_after).toBe(11);
  expect((await move('UNLIMITED')).body.limited_after).toBe(false);
  expect((await move('LIMITED', 9)).body).toMatchObject({ on_hand_after: 9, limited_after: true });

  const sale = await reserveAs(GUARDIAN, [{ variant_id, quantity: 2 }]);
  if (!sale.reserved) throw new Error('not reserved');
  expect((await move('UPDATE', 1)).body.error.message).toMatch(/Hay 2 apartados/);
  await settle(commitStockRequest, sale.order.id);

  const history = await h.call(
    staff('ACCOUNTANT'),
    dash(`stock-history/?variant_id=${variant_id}`),
  );
  expect(history.body.map((m: Json) => `${m.kind}:${m.movement}:${m.on_hand_after}`)).toEqual([
    'SUBTRACT:EXTERNAL:7',
    'LIMITED:INTERNAL:9',
    'UNLIMITED:INTERNAL:11',
    'UPDATE:INTERNAL:11',
    'SUBTRACT:INTERNAL:12',
    'SUM:INTERNAL:15',
    'SET_FIRST_TIME:INTERNAL:10',
  ]);
});

test('200 concurrent buyers of the last 10 sell exactly 10, then commit and release settle', async () => {
  const shirt = await newItem(
    { name: 'Playera deportiva', price_centavos: 28_000, tax: 'IVA_16' },
    10,
  );
  const variant_id = shirt.variants[0].id;
  const answers = await Promise.all(
    Array.from({ length: 200 }, () => reserveAs(GUARDIAN, [{ variant_id, quantity: 1 }])),
  );
  const won = answers.filter((a) => a.reserved);
  expect(won).toHaveLength(10);
  const lost = answers.find((a) => !a.reserved);
  expect(lost).toMatchObject({ check: { ok: false, lines: [{ message: 'Agotado.' }] } });
  const [variant] = await h.query<Json>(
    'SELECT on_hand, reserved FROM store_variants WHERE id = $1',
    [variant_id],
  );
  expect(variant).toEqual({ on_hand: 10, reserved: 10 });
  expect(won[0]).toMatchObject({ order: { status: 'pending_payment', total_centavos: 28_000 } });

  const ids = won.map((a) => (a.reserved ? a.order.id : ''));
  for (const id of ids.slice(0, 7)) await settle(commitStockRequest, id);
  for (const id of ids.slice(7)) await settle(releaseStockRequest, id);
  // Idempotent: committing or releasing again changes nothing.
  await settle(commitStockRequest, ids[0]!);
  await settle(releaseStockRequest, ids[9]!);
  // A payment confirmed after its order was let go keeps the sale while units remain (ADR 0083).
  expect(await settle(commitStockRequest, ids[9]!)).toMatchObject({
    settled: true,
    order: { status: 'paid' },
  });
  const [after] = await h.query<Json>(
    'SELECT on_hand, reserved FROM store_variants WHERE id = $1',
    [variant_id],
  );
  expect(after).toEqual({ on_hand: 2, reserved: 0 });
});

test('an expired hold is released; the same checkout_ref reserves once', async () => {
  const book = await newItem({ name: 'Diccionario', price_centavos: 50_000, tax: 'IVA_0' }, 1);
  const variant_id = book.variants[0].id;
  const first = await reserveAs(GUARDIAN, [{ variant_id, quantity: 1 }], { hold_seconds: 30 });
  if (!first.reserved) throw new Error('not reserved');
  const again = await requestReply(h.ns.nc, h.ns, reserveStockRequest, {
    school_id: SCHOOL,
    checkout_ref: `checkout-${ref}`,
    guardian_id: GUARDIAN,
    student_id: null,
    buyer_email: null,
    lines: [{ variant_id, quantity: 1 }],
  });
  expect(again).toMatchObject({ reserved: true, order: { id: first.order.id } });
  expect(await reserveAs(OTHER_GUARDIAN, [{ variant_id, quantity: 1 }])).toMatchObject({
    reserved: false,
  });
  await h.query(
    `UPDATE optional_orders SET hold_until = now() - interval '1 second' WHERE id = $1`,
    [first.order.id],
  );
  const late = await reserveAs(OTHER_GUARDIAN, [{ variant_id, quantity: 1 }]);
  expect(late).toMatchObject({ reserved: true, order: { guardian_id: OTHER_GUARDIAN } });
  expect(
    (await h.call(owner, dash('optional-orders/'))).body.find((o: Json) => o.id === first.order.id),
  ).toMatchObject({
    status: 'cancelled',
  });
  // Its payment confirmed now finds the last unit sold: nothing moves, payments refunds it.
  expect(await settle(commitStockRequest, first.order.id)).toEqual({
    settled: false,
    message: 'La reservación de este pedido ya venció.',
  });
  const [after] = await h.query<Json>(
    'SELECT on_hand, reserved FROM store_variants WHERE id = $1',
    [variant_id],
  );
  expect(after).toEqual({ on_hand: 1, reserved: 1 });
});

test('an abandoned hold is released by the background sweep, with no read of the store', async () => {
  const atlas = await newItem({ name: 'Atlas escolar', price_centavos: 30_000, tax: 'IVA_0' }, 2);
  const variant_id = atlas.variants[0].id;
  const held = await reserveAs(GUARDIAN, [{ variant_id, quantity: 2 }], { hold_seconds: 30 });
  if (!held.reserved) throw new Error('not reserved');
  const reservedNow = async () =>
    (
      await h.query<{ reserved: number }>('SELECT reserved FROM store_variants WHERE id = $1', [
        variant_id,
      ])
    )[0]!.reserved;
  expect(await reservedNow()).toBe(2);
  // The sweep as the service runs it, its clock 31 s ahead: the hold has run out.
  const sweep = storeHoldSweep(
    h.service.db,
    createLogger('test', 'silent'),
    () => new Date(Date.now() + 31_000),
  );
  sweep.start();
  try {
    await waitFor(async () => (await reservedNow()) === 0);
  } finally {
    await sweep.stop();
  }
  const [order] = await h.query('SELECT status FROM optional_orders WHERE id = $1', [
    held.order.id,
  ]);
  expect(order!.status).toBe('cancelled');
});

test('orders: a family sees its own; staff fulfil paid orders (mark delivered)', async () => {
  const pen = await newItem({ name: 'Estuche', price_centavos: 9_900, tax: 'IVA_16' }, 5);
  const mine = await reserveAs(GUARDIAN, [{ variant_id: pen.variants[0].id, quantity: 2 }]);
  const theirs = await reserveAs(OTHER_GUARDIAN, [{ variant_id: pen.variants[0].id, quantity: 1 }]);
  if (!mine.reserved || !theirs.reserved) throw new Error('not reserved');
  const own = await h.call(family(GUARDIAN), pub('optional-orders/'));
  expect(own.body.every((o: Json) => o.guardian_id === GUARDIAN)).toBe(true);
  expect(own.body.map((o: Json) => o.id)).not.toContain(theirs.order.id);
  expect((await h.call(visitor, pub('optional-orders/'))).status).toBe(401);

  const deliver = (id: string, as = staff('TREASURER')) =>
    h.call(as, dash(`optional-orders/${id}/deliver/`), { method: 'POST' });
  expect((await deliver(mine.order.id)).body.error.message).toBe(
    'Solo se entregan pedidos pagados.',
  );
  await settle(commitStockRequest, mine.order.id);
  expect((await deliver(mine.order.id, staff('CASH_COLLECTION'))).status).toBe(403);
  const delivered = await deliver(mine.order.id);
  expect(delivered.body).toMatchObject({ status: 'delivered', total_centavos: 19_800 });
  expect((await deliver(mine.order.id)).body.status).toBe('delivered');
  const paid = await h.call(owner, dash('optional-orders/?status=delivered'));
  expect(paid.body.map((o: Json) => o.id)).toEqual([mine.order.id]);
});

test('the demo store: uniforms at 16 %, books at 0 %, an unlimited ticket; seeded once', async () => {
  const demoSchool = '55555555-5555-4555-8555-555555555555';
  expect(await seedDemoStore(h.service.db, demoSchool)).toEqual({ store_items: 5 });
  expect(await seedDemoStore(h.service.db, demoSchool)).toEqual({ store_items: 0 });
  const store = (await h.call(visitor, pub('online-store/', demoSchool))).body;
  const byName = Object.fromEntries(store.items.map((i: Json) => [i.name, i]));
  expect(byName['Playera polo']).toMatchObject({ tax: 'IVA_16', category: { name: 'Uniformes' } });
  expect(byName['Playera polo'].variants.map((v: Json) => [v.size, v.available])).toEqual([
    ['6', 20],
    ['8', 20],
    ['10', 20],
    ['12', 20],
  ]);
  expect(byName['English Adventures 3']).toMatchObject({
    tax: 'IVA_0',
    variants: [{ available: 3 }],
  });
  expect(byName['Boleto festival de primavera'].variants[0].available).toBeNull();
});
