import { subscriptionLookupRequest } from '@cuota/contracts/billing/requests';
import { requestReply } from '@cuota/messaging/request-reply';
import {
  GUARDIAN,
  OTHER_GUARDIAN,
  OTHER_SCHOOL,
  SCHOOL,
  family,
  staff,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { waitFor } from '@cuota/testing/wait-for';
import { freshNameOrderCount, rebuildNameOrder } from '../due-orders/name-order-repository';

jest.setTimeout(30_000);

// 10 November 2026, noon in Mexico City: September and October are past, November is open.
let h: BillingHarness;
let comedor: string;
let tuition: string;
const SUBS = `/api/v1/schools/${SCHOOL}/subscriptions/`;
const CONCEPTS = `${SUBS}concepts/`;
const [S1, S2, S3] = [1, 2, 3].map(studentId) as [string, string, string];

const createConcept = async (name: string, concept_type: string, price_centavos: number) =>
  (
    await h.call(staff(), '/api/v1/dashboard/concepts/', {
      json: {
        school_id: SCHOOL,
        name,
        concept_type,
        recurrence: 'MONTHLY',
        price_centavos,
        periods: ['2026-09', '2026-10', '2026-11', '2026-12', '2027-01'],
        due_day: 10,
      },
    })
  ).body.id as string;

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-11-10T18:00:00Z') });
  await h.enrol({}, { billing_guardian_id: OTHER_GUARDIAN }, { school_id: OTHER_SCHOOL });
  comedor = await createConcept('Comedor', 'CAFETERIA', 120_000);
  tuition = await createConcept('Colegiatura', 'MONTHLY_FEE', 485_000);
});
afterAll(() => h?.dispose());

const subscribe = (json: unknown, claims = family(), key?: string) =>
  h.call(claims, SUBS, { json, headers: key ? { 'idempotency-key': key } : {} });
const written = async () => ({
  ...(await h.counts()),
  subscriptions: (await h.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions'))[0]!
    .n,
});
const lookup = (subscription_id: string, guardian_id: string | null, school_id = SCHOOL) =>
  requestReply(h.ns.nc, h.ns, subscriptionLookupRequest, {
    school_id,
    subscription_id,
    guardian_id,
  });
const cancelledEvents = () =>
  h.query<{ data: Json }>(
    `SELECT payload->'data' AS data FROM outbox_events WHERE type = 'billing.subscriptions.cancelled' ORDER BY seq`,
  );
const billedEvents = () =>
  h.query<{ data: Json }>(
    `SELECT payload->'data' AS data FROM outbox_events WHERE type = 'billing.orders.billed' ORDER BY seq`,
  );

test('a family is offered its own student the optional monthly concepts, from this month', async () => {
  const res = await h.call(family(), CONCEPTS);
  expect(res.status).toBe(200);
  expect(res.body).toEqual([
    {
      concept_id: comedor,
      concept_name: 'Comedor',
      concept_type: 'CAFETERIA',
      student_id: S1,
      student_name: 'Alumno 1 García',
      concept_price: 120_000,
      months: ['2026-11', '2026-12', '2027-01'],
    },
  ]);
  // Staff ask about one student; without one there is nothing to offer.
  expect((await h.call(staff(), CONCEPTS)).status).toBe(400);
  expect((await h.call(staff(), `${CONCEPTS}?student_id=${S2}`)).body).toHaveLength(1);
  expect((await h.call(staff('OTHER'), CONCEPTS)).status).toBe(403);
});

test('bad subscriptions are a Spanish 400 and write nothing', async () => {
  const before = await written();
  const refused = [
    { student_id: S1, concept_id: comedor, from_period: '2026-09' },
    { student_id: S1, concept_id: comedor, from_period: '2026-13' },
    { student_id: S1, concept_id: tuition },
    { student_id: S1, concept_id: comedor, extra: true },
    [{ student_id: S1, concept_id: comedor }],
    { student_id: 'nadie', concept_id: comedor },
  ];
  const messages: string[] = [];
  for (const body of refused) {
    const res = await subscribe(body);
    expect(res.status).toBe(400);
    const { message, details } = res.body.error;
    messages.push(details ? `${details[0].path}: ${details[0].message}` : message);
  }
  expect(messages).toEqual([
    'Elige un mes de inicio entre los que quedan: 2026-11, 2026-12, 2027-01.',
    'from_period: Escribe el periodo como AAAA-MM (por ejemplo 2026-09).',
    'Este concepto no admite suscripciones para este alumno: elige un servicio opcional mensual de su nivel.',
    ': Llave desconocida: "extra"',
    expect.stringMatching(/^: /),
    'student_id: Elige un alumno válido.',
  ]);
  expect(await written()).toEqual(before);
});

test('no access to other families, other schools, or roles without billing.write', async () => {
  const before = await written();
  const pair = { student_id: S1, concept_id: comedor };
  expect((await subscribe(pair, family(OTHER_GUARDIAN))).status).toBe(404);
  expect((await subscribe({ ...pair, student_id: S3 })).status).toBe(404);
  expect((await subscribe(pair, staff('ACCOUNTANT'))).status).toBe(403);
  expect((await subscribe(pair, staff('TREASURER', OTHER_SCHOOL))).status).toBe(404);
  expect(await written()).toEqual(before);
});

describe('a subscription to the comedor from November', () => {
  let sub: Json;

  beforeAll(async () => {
    // Adeudos' numbering by name, current before the student's first order (none yet).
    expect(await rebuildNameOrder(h.service.db, SCHOOL)).toBe(0);
    const res = await subscribe({ student_id: S1, concept_id: comedor }, family(), 'sub-key-1');
    expect(res.status).toBe(201);
    sub = res.body;
  });

  test('bills the months left, each announced as a bill run announces its orders', async () => {
    expect(sub).toMatchObject({
      student: { id: S1, name: 'Alumno 1 García' },
      concept_name: 'Comedor',
      price_centavos: 120_000,
      from_period: '2026-11',
      status: 'ACTIVE',
      next_payment: { period: '2026-11', due_on: '2026-11-10' },
    });
    expect(sub.orders.map((o: Json) => [o.period, o.total_centavos])).toEqual([
      ['2026-11', 120_000],
      ['2026-12', 120_000],
      ['2027-01', 120_000],
    ]);
    const events = (await billedEvents()).map((e) => e.data);
    expect(events.map((e) => [e.period, e.orders, e.detail.items[0].student_id])).toEqual([
      ['2026-11', 1, S1],
      ['2026-12', 1, S1],
      ['2027-01', 1, S1],
    ]);
    const orders = (await h.call(family(), `/api/v1/students/${S1}/orders/`)).body as Json[];
    expect(orders.filter((o) => o.concept_id === comedor)).toHaveLength(3);
    // Subscribed: the pair is no longer offered.
    expect((await h.call(family(), CONCEPTS)).body).toEqual([]);
  });

  test('its first order puts the student in Adeudos’ list by name at once', async () => {
    const due = await h.call(staff(), `/api/v4/dashboard/schools/${SCHOOL}/due_orders/students/`);
    expect(due.body).toMatchObject({ count: 1, results: [{ student_id: S1 }] });
    // The numbering (current before, with nobody) was marked changed by that commit: the
    // builder it woke numbers the student; unmarked, it would stay current at 0.
    await waitFor(async () => (await freshNameOrderCount(h.service.db, SCHOOL)) === 1);
  });

  test('a retry with the same key answers the same and bills nothing again', async () => {
    const before = await written();
    const again = await subscribe({ student_id: S1, concept_id: comedor }, family(), 'sub-key-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(sub.id);
    const other = await subscribe({ student_id: S1, concept_id: comedor }, family(), 'sub-key-2');
    expect(other.status).toBe(409);
    expect(other.body.error.message).toBe('Este alumno ya está suscrito a este concepto.');
    expect(await written()).toEqual(before);
  });

  test('is listed and read by its family and the staff, and by no one else', async () => {
    const list = (await h.call(family(), SUBS)).body as Json[];
    expect(list.map((s) => s.id)).toEqual([sub.id]);
    expect((await h.call(family(OTHER_GUARDIAN), SUBS)).body).toEqual([]);
    expect((await h.call(staff(), SUBS)).body).toHaveLength(1);
    const one = `${SUBS}${sub.id}/`;
    expect((await h.call(family(), one)).body.id).toBe(sub.id);
    expect((await h.call(staff(), one)).status).toBe(200);
    expect((await h.call(family(OTHER_GUARDIAN), one)).status).toBe(404);
    expect((await h.call(staff('ACCOUNTANT', OTHER_SCHOOL), one)).status).toBe(404);
    const elsewhere = `/api/v1/schools/${OTHER_SCHOOL}/subscriptions/${sub.id}/`;
    expect((await h.call(staff('ACCOUNTANT', OTHER_SCHOOL), elsewhere)).status).toBe(404);
    const del = { method: 'DELETE' };
    expect((await h.call(family(OTHER_GUARDIAN), one, del)).status).toBe(404);
    expect((await h.call(staff('ACCOUNTANT'), one, del)).status).toBe(403);
  });

  test('payments looks it up: active, for the school and its family only', async () => {
    const facts = {
      id: sub.id,
      school_id: SCHOOL,
      student_id: S1,
      concept_id: comedor,
      concept_type: 'CAFETERIA',
      from_period: '2026-11',
      status: 'ACTIVE',
      canceled_at: null,
    };
    expect(await lookup(sub.id, GUARDIAN)).toEqual({ subscription: facts });
    expect(await lookup(sub.id, null)).toEqual({ subscription: facts });
    // Another family, another school, or no such subscription: the same null.
    expect(await lookup(sub.id, OTHER_GUARDIAN)).toEqual({ subscription: null });
    expect(await lookup(sub.id, null, OTHER_SCHOOL)).toEqual({ subscription: null });
    expect(await lookup(comedor, null)).toEqual({ subscription: null });
    expect(await cancelledEvents()).toEqual([]);
  });

  test('cancelling stops the unpaid months to come and keeps the paid one, with a trail', async () => {
    const november = sub.orders[0].id as string;
    await h.query(
      `UPDATE orders SET paid_base_centavos = total_centavos, paid_on = '2026-11-05' WHERE id = $1`,
      [november],
    );
    const res = await h.call(family(), `${SUBS}${sub.id}/`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('CANCELED');
    expect(res.body.next_payment).toBeNull();
    expect(res.body.orders.map((o: Json) => [o.period, o.canceled, o.total_centavos])).toEqual([
      ['2026-11', false, 120_000],
      ['2026-12', true, 0],
      ['2027-01', true, 0],
    ]);
    const trail = await h.query<{ kind: string; reason: string }>(
      `SELECT a.kind, a.reason FROM order_adjustments a JOIN orders o ON o.id = a.order_id
        WHERE o.concept_id = $1 ORDER BY o.period`,
      [comedor],
    );
    expect(trail).toEqual([
      { kind: 'canceled', reason: 'Suscripción cancelada por la familia' },
      { kind: 'canceled', reason: 'Suscripción cancelada por la familia' },
    ]);
    const adjusted = await h.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'billing.order.adjusted'`,
    );
    expect(adjusted[0]!.n).toBe(2);
    // Cancelling again changes nothing.
    const before = await written();
    expect((await h.call(family(), `${SUBS}${sub.id}/`, { method: 'DELETE' })).status).toBe(200);
    expect(await written()).toEqual(before);
  });

  test('its cancellation is announced once, and the lookup says it is cancelled', async () => {
    const { subscription } = await lookup(sub.id, GUARDIAN);
    expect(subscription).toMatchObject({ status: 'CANCELED', canceled_at: expect.any(String) });
    expect((await cancelledEvents()).map((e) => e.data)).toEqual([
      {
        subscription_id: sub.id,
        school_id: SCHOOL,
        student_id: S1,
        concept_id: comedor,
        concept_type: 'CAFETERIA',
        from_period: '2026-11',
        canceled_at: subscription!.canceled_at,
        canceled_by: GUARDIAN,
      },
    ]);
  });

  test('subscribing again takes it up: its cancelled months are owed again, with a trail', async () => {
    // Cancelled: December and January are offered again (November, paid, stays as it is).
    expect((await h.call(family(), CONCEPTS)).body).toEqual([
      expect.objectContaining({ concept_id: comedor, months: ['2026-12', '2027-01'] }),
    ]);
    const again = await subscribe({ student_id: S1, concept_id: comedor });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: sub.id, status: 'ACTIVE', from_period: '2026-11' });
    expect(again.body.next_payment).toMatchObject({ period: '2026-12' });
    expect(again.body.orders.map((o: Json) => [o.period, o.canceled, o.total_centavos])).toEqual([
      ['2026-11', false, 120_000],
      ['2026-12', false, 120_000],
      ['2027-01', false, 120_000],
    ]);
    const trail = await h.query<{ kind: string; reason: string }>(
      `SELECT a.kind, a.reason FROM order_adjustments a JOIN orders o ON o.id = a.order_id
        WHERE o.concept_id = $1 AND a.kind = 'reinstated' ORDER BY o.period`,
      [comedor],
    );
    expect(trail).toEqual([
      { kind: 'reinstated', reason: 'Suscripción reanudada' },
      { kind: 'reinstated', reason: 'Suscripción reanudada' },
    ]);
    // Payments hears each month owed again, as it heard each cancelled.
    const adjusted = await h.query<{ data: Json }>(
      `SELECT payload->'data' AS data FROM outbox_events
        WHERE type = 'billing.order.adjusted' AND payload->'data'->>'kind' = 'reinstated'`,
    );
    expect(
      adjusted.map((e) => [e.data.previous_total_centavos, e.data.new_total_centavos]),
    ).toEqual([
      [0, 120_000],
      [0, 120_000],
    ]);
    // No second order for a month, and the pair is no longer offered.
    const orders = (await h.call(family(), `/api/v1/students/${S1}/orders/`)).body as Json[];
    expect(orders.filter((o) => o.concept_id === comedor)).toHaveLength(3);
    expect((await h.call(family(), CONCEPTS)).body).toEqual([]);
    const before = await written();
    expect((await subscribe({ student_id: S1, concept_id: comedor })).status).toBe(409);
    expect(await written()).toEqual(before);
  });

  test('cancelled again, ten subscriptions at once take it up once', async () => {
    expect((await h.call(family(), `${SUBS}${sub.id}/`, { method: 'DELETE' })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => subscribe({ student_id: S1, concept_id: comedor })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const reinstated = await h.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_adjustments WHERE kind = 'reinstated'`,
    );
    expect(reinstated[0]!.n).toBe(4); // two months, taken up twice
    const live = await h.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE concept_id = $1 AND canceled_at IS NULL`,
      [comedor],
    );
    expect(live[0]!.n).toBe(3);
    // Each cancellation is its own event: payments stops the card each time.
    expect(await cancelledEvents()).toHaveLength(2);
    expect((await lookup(sub.id, GUARDIAN)).subscription?.status).toBe('ACTIVE');
  });
});

test("the student's scholarship reaches the subscription's orders, as in a bill run", async () => {
  const grant = await h.call(
    staff('TREASURER'),
    `/api/v1/dashboard/schools/${SCHOOL}/scholarships/`,
    {
      json: {
        student_id: S2,
        concept_id: comedor,
        kind: 'PERCENT',
        basis_points: 5_000,
        starts_on: '2026-12-01',
        reason: 'Beca de comedor',
      },
    },
  );
  expect(grant.status).toBe(201);
  const res = await subscribe(
    { student_id: S2, concept_id: comedor, from_period: '2026-12' },
    staff('TREASURER'),
  );
  expect(res.status).toBe(201);
  expect(res.body.orders.map((o: Json) => [o.period, o.total_centavos])).toEqual([
    ['2026-12', 60_000],
    ['2027-01', 60_000],
  ]);
});

test('ten subscriptions of one pair at once: one is made, the others are told it exists', async () => {
  const transporte = await createConcept('Transporte', 'TRANSPORT', 90_000);
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      subscribe({ student_id: S1, concept_id: transporte }, family(), `race-key-${i}`),
    ),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
  const orders = await h.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM orders WHERE concept_id = $1',
    [transporte],
  );
  expect(orders[0]!.n).toBe(3);
});
