import { creditAppliedV1 } from '@cuota/contracts/events/payments.credit.applied.v1';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import {
  OTHER_SCHOOL,
  SCHOOL,
  staff,
  startBillingHarness,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';

jest.setTimeout(60_000);

let h: BillingHarness;
const order: Record<string, string> = {};
const orderId = (key: string) => order[key]!;
const DISCOUNTS = `/api/v1/dashboard/schools/${SCHOOL}/special_discounts/`;
const SURCHARGES = `/api/v1/dashboard/schools/${SCHOOL}/special_over_charges/`;
const treasurer = staff('TREASURER');

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-09-01T18:00:00Z') });
  await h.enrol({}, {}, { school_id: OTHER_SCHOOL });
  for (const schoolId of [SCHOOL, OTHER_SCHOOL]) {
    const as = staff('OWNER', schoolId);
    const concept = await h.call(as, '/api/v1/dashboard/concepts/', {
      json: {
        school_id: schoolId,
        name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE',
        recurrence: 'MONTHLY',
        price_centavos: 485_000,
        level: 'elementary',
        periods: ['2026-09', '2026-10'],
        due_day: 10,
      },
    });
    for (const period of ['2026-09', '2026-10'])
      await h.call(as, '/book-keeper/massive_concept_assignments/', {
        json: { school_id: schoolId, concept_id: concept.body.id, period },
      });
  }
  for (const o of await h.query<Json>('SELECT id, student_id, period FROM orders'))
    order[`${o.student_id.slice(-1)}:${o.period}`] = o.id;
  await h.query('UPDATE orders SET paid_base_centavos = 1000 WHERE id = $1', [order['2:2026-10']]);
});
afterAll(() => h?.dispose());

const detail = async (id: string) => (await h.call(staff(), `/book-keeper/orders/${id}/`)).body;
const written = async () => ({
  ...(await h.counts()),
  special: (await h.query<Json>('SELECT count(*)::int AS n FROM special_charges'))[0].n,
});

test('a 10 % special discount, then an over-charge on what is left: trail, events, lists', async () => {
  const id = orderId('1:2026-09');
  const discount = await h.call(treasurer, DISCOUNTS, {
    json: { order_id: id, kind: 'PERCENT', basis_points: 1_000, reason: 'Pronto pago acordado' },
  });
  expect(discount.status).toBe(201);
  expect(discount.body).toMatchObject({ order_id: id, applied_centavos: 48_500 });
  const surcharge = await h.call(treasurer, SURCHARGES, {
    json: { order_id: id, kind: 'PERCENT', basis_points: 1_000, reason: 'Material adicional' },
  });
  expect(surcharge.body.applied_centavos).toBe(43_650);
  expect(await detail(id)).toMatchObject({
    discount_centavos: 48_500,
    surcharge_centavos: 43_650,
    total_centavos: 485_000 - 48_500 + 43_650,
  });
  expect((await detail(id)).adjustments.map((a: Json) => a.kind)).toEqual([
    'discount',
    'surcharge',
  ]);
  const events = await h.query<Json>(
    `SELECT payload->'data' AS data FROM outbox_events
      WHERE type = 'billing.order.adjusted' AND payload->'data'->>'order_id' = $1 ORDER BY seq`,
    [id],
  );
  expect(events.map((e) => [e.data.kind, e.data.new_total_centavos])).toEqual([
    ['discount', 436_500],
    ['surcharge', 480_150],
  ]);
  expect((await h.call(staff(), DISCOUNTS)).body.map((d: Json) => d.id)).toEqual([
    discount.body.id,
  ]);
  expect((await h.call(staff(), SURCHARGES)).body).toHaveLength(1);
});

test('FIXED prices the order; a newer discount replaces the older one', async () => {
  const id = orderId('1:2026-10');
  const fixed = await h.call(treasurer, DISCOUNTS, {
    json: { order_id: id, kind: 'FIXED', amount_centavos: 400_000, reason: 'Convenio' },
  });
  expect(fixed.body.applied_centavos).toBe(85_000);
  await h.call(treasurer, DISCOUNTS, {
    json: { order_id: id, kind: 'AMOUNT', amount_centavos: 10_000, reason: 'Convenio nuevo' },
  });
  expect(await detail(id)).toMatchObject({ discount_centavos: 10_000, total_centavos: 475_000 });
  // A full scholarship granted afterwards takes what the discount left, down to zero.
  const grant = await h.call(treasurer, `/api/v1/dashboard/schools/${SCHOOL}/scholarships/`, {
    json: {
      student_id: (await detail(id)).student.id,
      kind: 'PERCENT',
      basis_points: 10_000,
      starts_on: '2026-10-01',
      reason: 'Beca completa',
    },
  });
  expect(grant.status).toBe(201);
  expect(await detail(id)).toMatchObject({ scholarship_centavos: 475_000, total_centavos: 0 });
});

test('bigger than the order, bad input: Spanish 400, nothing written', async () => {
  const id = orderId('2:2026-09');
  const before = await written();
  const bad = async (path: string, json: object) => {
    const res = await h.call(treasurer, path, {
      json: { order_id: id, reason: 'Ajuste', ...json },
    });
    expect(res.status).toBe(400);
    return res.body.error.details?.[0]?.message ?? res.body.error.message;
  };
  expect(await bad(DISCOUNTS, { kind: 'AMOUNT', amount_centavos: 500_000 })).toBe(
    'El descuento no puede ser mayor que lo que cuesta la orden ($4,850.00).',
  );
  expect(await bad(DISCOUNTS, { kind: 'FIXED', amount_centavos: 485_000 })).toBe(
    'El precio fijo debe ser menor que lo que cuesta la orden ($4,850.00).',
  );
  expect(await bad(DISCOUNTS, { kind: 'PERCENT', basis_points: 10_001 })).toBe(
    'El porcentaje es como máximo del 100 %.',
  );
  expect(await bad(DISCOUNTS, { kind: 'AMOUNT', amount_centavos: -100 })).toBe(
    'La cantidad no puede ser negativa.',
  );
  expect(await bad(SURCHARGES, { kind: 'AMOUNT', amount_centavos: 12.5 })).toBe(
    'La cantidad debe ser un número entero de centavos (sin decimales).',
  );
  expect(await bad(SURCHARGES, { kind: 'FIXED', amount_centavos: 100 })).toBeTruthy();
  expect(await bad(SURCHARGES, { kind: 'AMOUNT', amount_centavos: 100, reason: '' })).toMatch(
    /motivo/,
  );
  expect(await written()).toEqual(before);
});

test("403 without scholarships.write; 404 for another school's order; 409 with payments", async () => {
  const json = { kind: 'AMOUNT', amount_centavos: 1_000, reason: 'Ajuste' };
  const before = await written();
  for (const role of ['ACCOUNTANT', 'CASH_COLLECTION', 'ADMISSIONS'] as const)
    expect(
      (await h.call(staff(role), DISCOUNTS, { json: { ...json, order_id: order['1:2026-09'] } }))
        .status,
    ).toBe(403);
  const elsewhere = await h.call(treasurer, SURCHARGES, {
    json: { ...json, order_id: order['3:2026-09'] },
  });
  expect(elsewhere.status).toBe(404);
  expect(elsewhere.body.error.message).toBe('No encontramos esta orden.');
  const paid = await h.call(treasurer, DISCOUNTS, {
    json: { ...json, order_id: order['2:2026-10'] },
  });
  expect(paid.status).toBe(409);
  expect(paid.body.error.message).toMatch(/^Esta orden ya tiene pagos/);
  expect(await written()).toEqual(before);
});

test('a part payment of a discounted order keeps its discount and total', async () => {
  const id = orderId('1:2026-09');
  const [o] = await h.query<Json>(
    'SELECT student_id, concept_id, period FROM orders WHERE id = $1',
    [id],
  );
  await publishEvent(h.ns.nc, h.ns, creditAppliedV1, {
    application_id: 'credit-part',
    school_id: SCHOOL,
    student_id: o.student_id,
    applied_at: '2026-09-01T19:00:00Z',
    allocations: [
      {
        order_id: id,
        student_id: o.student_id,
        concept_id: o.concept_id,
        concept_name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE',
        period: o.period,
        base_centavos: 100_000,
        late_fee_centavos: 0,
        discount_centavos: 0,
      },
    ],
  });
  await waitFor(async () => (await detail(id)).status === 'PARTIAL_PAID');
  expect(await detail(id)).toMatchObject({
    discount_centavos: 48_500,
    surcharge_centavos: 43_650,
    total_centavos: 480_150,
  });
});
