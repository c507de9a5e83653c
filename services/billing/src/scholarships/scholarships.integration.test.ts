import {
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';

jest.setTimeout(30_000);

let h: BillingHarness;
let tuition: string;
const GRANT = `/api/v1/dashboard/schools/${SCHOOL}/scholarships/`;
const [S1, S2, S3] = [1, 2, 3].map(studentId) as [string, string, string];

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-09-01T18:00:00Z') });
  await h.enrol({}, {}, { school_id: OTHER_SCHOOL });
  tuition = (
    await h.call(staff(), '/api/v1/dashboard/concepts/', {
      json: {
        school_id: SCHOOL,
        name: 'Colegiatura',
        concept_type: 'MONTHLY_FEE',
        recurrence: 'MONTHLY',
        price_centavos: 485_000,
        level: 'elementary',
        periods: ['2026-08', '2026-09', '2026-10'],
        due_day: 10,
      },
    })
  ).body.id;
  for (const period of ['2026-08', '2026-09', '2026-10'])
    await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
      json: { school_id: SCHOOL, concept_id: tuition, period },
    });
  // August is partly paid: it keeps its amount.
  await h.query(
    `UPDATE orders SET paid_base_centavos = 100000 WHERE student_id = $1 AND period = '2026-08'`,
    [S1],
  );
});
afterAll(() => h?.dispose());

const halfFromAugust = () => ({
  student_id: S1,
  concept_id: tuition,
  kind: 'PERCENT',
  basis_points: 5_000,
  starts_on: '2026-08-01',
  reason: 'Beca de excelencia académica',
});
const ordersOf = async (student: string) =>
  (await h.call(staff(), `/api/v1/students/${student}/orders/`)).body as Json[];
/** Single corrections' billing.order.adjusted and each order of billing.orders.adjusted alike. */
const adjusted = () =>
  h.query<{ data: Json }>(
    `SELECT data FROM (
       SELECT seq, 0 AS n, payload->'data' AS data
         FROM outbox_events WHERE type = 'billing.order.adjusted'
       UNION ALL
       SELECT seq, o.n, (payload->'data') - 'orders' - 'part' - 'parts' || o.e
         FROM outbox_events, jsonb_array_elements(payload->'data'->'orders') WITH ORDINALITY o(e, n)
        WHERE type = 'billing.orders.adjusted') x
      ORDER BY seq, n`,
  );

test('a 50 % scholarship from August: unpaid orders change, the paid one is left and said', async () => {
  const res = await h.call(staff('TREASURER'), GRANT, {
    json: halfFromAugust(),
  });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    student_name: 'Alumno 1 García',
    concept_name: 'Colegiatura',
    orders_adjusted: 2,
    orders_with_payments: 1,
  });
  expect(res.body.note).toMatch(/^Una orden ya tiene pagos .*reembolsa el pago o emite una nota/);
  const orders = await ordersOf(S1);
  expect(orders.map((o) => [o.period, o.scholarship_centavos, o.total_centavos])).toEqual([
    ['2026-08', 0, 485_000],
    ['2026-09', 242_500, 242_500],
    ['2026-10', 242_500, 242_500],
  ]);
  const events = (await adjusted()).map((e) => e.data);
  expect(events).toHaveLength(2);
  // A grant's orders travel in one billing.orders.adjusted, not an event each (ADR 0053).
  const sent = await h.query<{ type: string }>(
    `SELECT type FROM outbox_events WHERE type LIKE 'billing.order%.adjusted'`,
  );
  expect(sent.map((e) => e.type)).toEqual(['billing.orders.adjusted']);
  expect(events[0]).toMatchObject({
    kind: 'scholarship',
    student_id: S1,
    previous_total_centavos: 485_000,
    new_total_centavos: 242_500,
    reason: 'Beca de excelencia académica',
    adjusted_by: 'user-TREASURER',
  });
  const audit = await h.query<Json>(
    `SELECT kind, before, after, reason FROM order_adjustments ORDER BY adjusted_at`,
  );
  expect(audit[0]).toMatchObject({
    kind: 'scholarship',
    before: { scholarshipCentavos: 0, totalCentavos: 485_000 },
    after: { scholarshipCentavos: 242_500, totalCentavos: 242_500 },
  });
  const due = await h.call(staff(), `/api/v4/dashboard/schools/${SCHOOL}/due_orders/students/`);
  expect(due.body.results.find((s: Json) => s.student_id === S1).pending_centavos).toBe(
    385_000 + 242_500 * 2,
  );
});

test('the same grant again changes nothing more; lists show it', async () => {
  const before = (await adjusted()).length;
  const again = await h.call(staff('TREASURER'), GRANT, {
    json: halfFromAugust(),
  });
  expect(again.body.orders_adjusted).toBe(0);
  expect((await adjusted()).length).toBe(before);
  const list = await h.call(staff(), GRANT);
  expect(list.status).toBe(200);
  expect(list.body).toHaveLength(2);
  const mine = await h.call(staff(), `/api/v1/dashboard/students/${S1}/scholarships/`);
  expect(mine.body[0]).toMatchObject({ kind: 'PERCENT', basis_points: 5_000 });
});

test('an amount: never more than the concept; bad input is a Spanish 400 with nothing written', async () => {
  const counts = await h.counts();
  const bad = async (json: object) => {
    const res = await h.call(staff('TREASURER'), GRANT, {
      json: { student_id: S2, starts_on: '2026-09-01', reason: 'Apoyo', ...json },
    });
    expect(res.status).toBe(400);
    return JSON.stringify(res.body.error);
  };
  expect(await bad({ kind: 'PERCENT', basis_points: 10_001 })).toMatch(/como máximo del 100 %/);
  expect(await bad({ kind: 'PERCENT', basis_points: -5 })).toMatch(/mayor que cero/);
  expect(await bad({ kind: 'PERCENT', basis_points: 12.5 })).toMatch(/hasta dos decimales/);
  expect(await bad({ kind: 'AMOUNT', amount_centavos: 0 })).toBeTruthy();
  expect(await bad({ kind: 'AMOUNT', amount_centavos: 500_000, concept_id: tuition })).toMatch(
    'La beca no puede ser mayor que el precio del concepto ($4,850.00).',
  );
  expect(await bad({ kind: 'AMOUNT', amount_centavos: 1_000, reason: '' })).toMatch(/motivo/);
  expect(
    await bad({
      kind: 'PERCENT',
      basis_points: 1_000,
      concept_id: tuition,
      starts_on: '2027-08-01',
    }),
  ).toMatch(
    'La beca empezaría después del ciclo del concepto: elige una fecha entre agosto de 2026 y julio de 2027.',
  );
  expect(await h.counts()).toEqual(counts);
  const amount = await h.call(staff('TREASURER'), GRANT, {
    json: {
      student_id: S2,
      kind: 'AMOUNT',
      amount_centavos: 100_000,
      starts_on: '2026-10-01',
      reason: 'Apoyo por hermanos',
    },
  });
  expect(amount.body.orders_adjusted).toBe(1);
  expect((await ordersOf(S2)).map((o) => o.total_centavos)).toEqual([485_000, 485_000, 385_000]);
});

test('403 without scholarships.write, 404 for another school or its student', async () => {
  const body = {
    student_id: S2,
    kind: 'PERCENT',
    basis_points: 1_000,
    starts_on: '2026-09-01',
    reason: 'Beca',
  };
  expect((await h.call(staff('ACCOUNTANT'), GRANT, { json: body })).status).toBe(403);
  expect((await h.call(family(), GRANT)).status).toBe(403);
  const outsider = staff('OWNER', OTHER_SCHOOL);
  expect((await h.call(outsider, GRANT)).status).toBe(404);
  expect((await h.call(outsider, `/api/v1/dashboard/students/${S1}/scholarships/`)).status).toBe(
    404,
  );
  const elsewhere = await h.call(staff('OWNER'), GRANT, { json: { ...body, student_id: S3 } });
  expect(elsewhere.status).toBe(404);
  expect(elsewhere.body.error.message).toBe('No encontramos a este alumno.');
});

test('a later bill run bills the scholarship in, audited and published', async () => {
  const trip = (
    await h.call(staff(), '/api/v1/dashboard/concepts/', {
      json: {
        school_id: SCHOOL,
        name: 'Taller de robótica',
        concept_type: 'EXTRACURRICULAR',
        recurrence: 'MONTHLY',
        price_centavos: 80_000,
        periods: ['2026-11'],
        due_day: 5,
      },
    })
  ).body.id;
  const before = (await adjusted()).length;
  const run = await h.call(staff(), '/book-keeper/massive_concept_assignments/', {
    json: { school_id: SCHOOL, concept_id: trip, period: '2026-11' },
  });
  expect(run.body.created_orders).toBe(2);
  // S1's scholarship is for tuition only; S2's amount reaches every concept from October.
  const totals = async (student: string) =>
    (await ordersOf(student)).filter((o) => o.concept_id === trip).map((o) => o.total_centavos);
  expect(await totals(S1)).toEqual([80_000]);
  expect(await totals(S2)).toEqual([0]);
  const events = (await adjusted()).slice(before).map((e) => e.data);
  expect(events).toEqual([
    expect.objectContaining({
      student_id: S2,
      previous_total_centavos: 80_000,
      new_total_centavos: 0,
      reason: 'Apoyo por hermanos',
    }),
  ]);
});

test('avoid_scholarship takes it off and keeps later grants off; force_scholarship brings it in', async () => {
  const tuitionOf = async (student: string, period: string) =>
    (await ordersOf(student)).find((o) => o.concept_id === tuition && o.period === period);
  const action = (order: Json, name: string, as = staff('TREASURER')) =>
    h.call(as, `/api/v1/dashboard/schools/${SCHOOL}/fulfillments/${order.id}/${name}/`, {
      json: { reason: 'Acuerdo del comité de becas' },
    });
  const october = await tuitionOf(S1, '2026-10');
  expect((await action(october, 'avoid_scholarship', staff('ACCOUNTANT'))).status).toBe(403);
  const before = (await adjusted()).length;
  const avoided = await action(october, 'avoid_scholarship');
  expect(avoided.status).toBe(200);
  expect(avoided.body).toMatchObject({ scholarship_centavos: 0, total_centavos: 485_000 });
  expect(avoided.body.adjustments.at(-1)).toMatchObject({
    kind: 'scholarship_avoided',
    reason: 'Acuerdo del comité de becas',
  });
  expect((await action(october, 'avoid_scholarship')).body.adjustments).toHaveLength(
    avoided.body.adjustments.length,
  );
  expect((await adjusted()).slice(before).map((e) => e.data)).toEqual([
    expect.objectContaining({
      kind: 'scholarship',
      previous_total_centavos: 242_500,
      new_total_centavos: 485_000,
    }),
  ]);
  // A new grant reaches September but not the avoided October.
  await h.call(staff('TREASURER'), GRANT, {
    json: { ...halfFromAugust(), basis_points: 2_000, reason: 'Beca ajustada' },
  });
  expect((await tuitionOf(S1, '2026-09')).scholarship_centavos).toBe(97_000);
  expect((await tuitionOf(S1, '2026-10')).scholarship_centavos).toBe(0);

  // Student 2's amount starts in October; forced, September gets it too.
  const september = await tuitionOf(S2, '2026-09');
  expect(september.scholarship_centavos).toBe(0);
  const forced = await action(september, 'force_scholarship');
  expect(forced.status).toBe(200);
  expect(forced.body).toMatchObject({ scholarship_centavos: 100_000, total_centavos: 385_000 });
  // Student 1's August has payments: 409, nothing written.
  const august = await tuitionOf(S1, '2026-08');
  const refused = await action(august, 'avoid_scholarship');
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toMatch(/^Esta orden ya tiene pagos/);
  const elsewhere = await h.call(
    staff('OWNER', OTHER_SCHOOL),
    `/api/v1/dashboard/schools/${OTHER_SCHOOL}/fulfillments/${september.id}/force_scholarship/`,
    { json: { reason: 'Acuerdo' } },
  );
  expect(elsewhere.status).toBe(404);
});
