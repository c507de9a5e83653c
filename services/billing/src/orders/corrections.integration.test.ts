import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
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
let tuition: string;
/** Orders by student number and period. */
const order: Record<string, Json> = {};
const treasurer: IdentityClaims = {
  ...staff('TREASURER'),
  name: 'Tere Tesorera',
} as IdentityClaims;
const PAID =
  'Esta orden ya tiene pagos. Para cambiar su importe, primero reembolsa el pago o emite una nota de crédito desde Pagos; después corrige la orden.';

async function billConcept(schoolId: string, periods: string[]) {
  const as = staff('OWNER', schoolId);
  const concept = await h.call(as, '/api/v1/dashboard/concepts/', {
    json: {
      school_id: schoolId,
      name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: 485_000,
      level: 'elementary',
      periods,
      due_day: 10,
      late_fee: { kind: 'FIXED', amount_centavos: 15_000, grace_days: 5 },
    },
  });
  for (const period of periods)
    await h.call(as, '/book-keeper/massive_concept_assignments/', {
      json: { school_id: schoolId, concept_id: concept.body.id, period },
    });
  return concept.body.id as string;
}

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-10-01T18:00:00Z') });
  await h.enrol({}, {}, {}, { school_id: OTHER_SCHOOL });
  tuition = await billConcept(SCHOOL, ['2026-09', '2026-10', '2026-11']);
  await billConcept(OTHER_SCHOOL, ['2026-09']);
  for (const o of await h.query<Json>(
    'SELECT id, student_id, period FROM orders ORDER BY student_id, period',
  ))
    order[`${o.student_id.slice(-1)}:${o.period}`] = o.id;
  // Student 2's September is partly paid.
  await h.query(`UPDATE orders SET paid_base_centavos = 100000 WHERE id = $1`, [
    order['2:2026-09'],
  ]);
});
afterAll(() => h?.dispose());

const fulfillment = (id: string, action: string, schoolId = SCHOOL) =>
  `/api/v1/dashboard/schools/${schoolId}/fulfillments/${id}/${action}/`;
const correct = (
  as: IdentityClaims,
  id: string,
  action: string,
  json: unknown,
  schoolId = SCHOOL,
) =>
  h.call(as, fulfillment(id, action, schoolId), {
    method: action === 'switch_interest_forgiven' ? 'POST' : 'PATCH',
    json,
  });
const detail = async (id: string) => (await h.call(staff(), `/book-keeper/orders/${id}/`)).body;
const written = async () => ({
  ...(await h.counts()),
  adjustments: (await h.query<Json>('SELECT count(*)::int AS n FROM order_adjustments'))[0].n,
});
const adjustedEvents = (id: string) =>
  h.query<Json>(
    `SELECT payload->'data' AS data FROM outbox_events
      WHERE type = 'billing.order.adjusted' AND payload->'data'->>'order_id' = $1 ORDER BY seq`,
    [id],
  );

test("forgiving September's late fee: recorded with who, when, before, after and why", async () => {
  const id = order['1:2026-09'];
  expect((await detail(id)).late_fee_centavos).toBe(15_000);
  const res = await correct(treasurer, id, 'switch_interest_forgiven', {
    interest_forgiven: true,
    reason: 'Acuerdo con la familia',
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ interest_forgiven: true, late_fee_centavos: 0 });
  expect(res.body.adjustments).toEqual([
    {
      id: expect.any(String),
      kind: 'interest_forgiven',
      changes: [
        { field: 'interest_forgiven', before: false, after: true },
        { field: 'total_centavos', before: 485_000, after: 485_000 },
      ],
      reason: 'Acuerdo con la familia',
      adjusted_by: 'user-TREASURER',
      adjusted_by_name: 'Tere Tesorera',
      adjusted_at: expect.any(String),
    },
  ]);
  // The total did not move: payments' receivable has nothing to follow.
  expect(await adjustedEvents(id)).toEqual([]);
  expect((await detail(id)).adjustments).toHaveLength(1);
});

test('editing the base re-prices the order and tells payments once', async () => {
  const id = order['1:2026-10'];
  const res = await correct(treasurer, id, 'edit_base', {
    amount_centavos: 450_000,
    reason: 'Precio de hermanos',
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ amount_centavos: 450_000, total_centavos: 450_000 });
  const again = await correct(treasurer, id, 'edit_base', {
    amount_centavos: 450_000,
    reason: 'Precio de hermanos',
  });
  expect(again.body.adjustments).toHaveLength(1);
  const events = await adjustedEvents(id);
  expect(events.map((e) => e.data)).toEqual([
    expect.objectContaining({
      kind: 'base_edited',
      previous_total_centavos: 485_000,
      new_total_centavos: 450_000,
      adjustment_id: res.body.adjustments[0].id,
      adjusted_by: 'user-TREASURER',
    }),
  ]);
});

test('moving the due date takes the late fee away as of today; the trail keeps both dates', async () => {
  const id = order['3:2026-09'];
  const res = await correct(treasurer, id, 'edit_due', {
    due_on: '2026-10-10',
    reason: 'Se entregó tarde el estado de cuenta',
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ due_on: '2026-10-10', late_fee_centavos: 0 });
  expect(res.body.adjustments[0].changes).toEqual([
    { field: 'due_on', before: '2026-09-10', after: '2026-10-10' },
    { field: 'total_centavos', before: 485_000, after: 485_000 },
  ]);
});

test('a partly paid order is not re-priced nor cancelled: 409 in Spanish, nothing written', async () => {
  const id = order['2:2026-09'];
  const before = await written();
  for (const [action, json] of [
    ['edit_base', { amount_centavos: 400_000, reason: 'Ajuste' }],
    ['switch_interest_forgiven', { interest_forgiven: false, reason: 'Sin cambio' }],
  ] as const) {
    const res = await correct(treasurer, id, action, json);
    expect(res.status).toBe(action === 'edit_base' ? 409 : 200);
    if (action === 'edit_base') expect(res.body.error.message).toBe(PAID);
  }
  const cancel = await h.call(treasurer, `/book-keeper/orders/${id}/`, {
    method: 'PATCH',
    json: { canceled: true, reason: 'Baja del alumno' },
  });
  expect(cancel.status).toBe(409);
  expect(cancel.body.error.message).toBe(PAID);
  expect(await written()).toEqual(before);
});

test('bad input is a Spanish 400 and writes nothing', async () => {
  const id = order['1:2026-11'];
  const before = await written();
  for (const [action, json, message] of [
    ['edit_base', { amount_centavos: -5, reason: 'Ajuste' }, 'La cantidad no puede ser negativa.'],
    [
      'edit_base',
      { amount_centavos: 10.5, reason: 'Ajuste' },
      'La cantidad debe ser un número entero de centavos (sin decimales).',
    ],
    ['edit_base', { amount_centavos: 100 }, 'Escribe el motivo.'],
    [
      'edit_due',
      { due_on: '2026-13-01', reason: 'Ajuste' },
      'Escribe una fecha válida (AAAA-MM-DD).',
    ],
    [
      'switch_interest_forgiven',
      { interest_forgiven: 'sí', reason: 'Ajuste' },
      'Indica si se condonan los recargos.',
    ],
    ['edit_due', { due_on: '2026-10-10', reason: 'no' }, 'Escribe el motivo (al menos 3 letras).'],
  ] as const) {
    const res = await correct(treasurer, id, action, json);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe(message);
  }
  const empty = await h.call(treasurer, `/book-keeper/orders/${id}/`, {
    method: 'PATCH',
    json: { reason: 'Nada' },
  });
  expect(empty.status).toBe(400);
  expect(empty.body.error.details[0].message).toBe('Indica qué cambiar de la orden.');
  // A date outside the concept's year (September 2026 to August 2027): a typo, not a correction.
  for (const due_on of ['2062-10-10', '2026-08-31', '2027-09-01']) {
    const outside = await correct(treasurer, id, 'edit_due', { due_on, reason: 'Ajuste' });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe(
      'La fecha de vencimiento queda fuera del ciclo del concepto: elige una entre septiembre de 2026 y agosto de 2027.',
    );
  }
  expect(await written()).toEqual(before);
});

test("roles without billing.write get 403; another school's order 404", async () => {
  const id = order['1:2026-11'];
  const before = await written();
  const json = { amount_centavos: 100_000, reason: 'Ajuste' };
  for (const role of ['ACCOUNTANT', 'CASH_COLLECTION', 'ADMISSIONS', 'OTHER'] as const)
    expect((await correct(staff(role), id, 'edit_base', json)).status).toBe(403);
  const elsewhere = order['4:2026-09'];
  const res = await correct(treasurer, elsewhere, 'edit_base', json);
  expect(res.status).toBe(404);
  expect(res.body.error.message).toBe('No encontramos esta orden.');
  expect((await correct(treasurer, id, 'edit_base', json, OTHER_SCHOOL)).status).toBe(404);
  const patch = await h.call(treasurer, `/book-keeper/orders/${elsewhere}/`, {
    method: 'PATCH',
    json: { canceled: true, reason: 'Baja' },
  });
  expect(patch.status).toBe(404);
  expect(await written()).toEqual(before);
});

test('twenty corrections of one order at once: one consistent order, one entry per change', async () => {
  const id = order['3:2026-10'];
  const amounts = Array.from({ length: 20 }, (_, i) => 400_000 + i * 1_000);
  const answers = await Promise.all(
    amounts.map((amount_centavos) =>
      correct(treasurer, id, 'edit_base', { amount_centavos, reason: 'Ajuste masivo' }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  const trail = (await detail(id)).adjustments as Json[];
  expect(trail).toHaveLength(20);
  // Each entry starts where the one before ended, and the order is the last entry's after.
  const chain = trail.map((a) => a.changes[0]);
  expect(chain[0].before).toBe(485_000);
  for (let i = 1; i < chain.length; i += 1) expect(chain[i].before).toBe(chain[i - 1].after);
  expect(new Set(chain.map((c) => c.after))).toEqual(new Set(amounts));
  const final = await detail(id);
  expect(final.amount_centavos).toBe(chain.at(-1).after);
  const events = (await adjustedEvents(id)).map((e) => e.data);
  expect(events).toHaveLength(20);
  expect(events.at(-1).new_total_centavos).toBe(final.total_centavos);

  const forgiven = await Promise.all(
    Array.from({ length: 20 }, () =>
      correct(treasurer, id, 'switch_interest_forgiven', {
        interest_forgiven: true,
        reason: 'Condonación',
      }),
    ),
  );
  expect(forgiven.map((a) => a.status)).toEqual(Array(20).fill(200));
  expect((await detail(id)).adjustments).toHaveLength(21);
});

test('the book-keeper cancels an unpaid order: kept with total 0, gone from what is owed', async () => {
  const id = order['3:2026-11'];
  const cancel = () =>
    h.call(treasurer, `/book-keeper/orders/${id}/`, {
      method: 'PATCH',
      json: { canceled: true, reason: 'Baja del alumno' },
    });
  const [first, second] = await Promise.all([cancel(), cancel()]);
  expect([first.status, second.status]).toEqual([200, 200]);
  const after = await detail(id);
  expect(after).toMatchObject({ total_centavos: 0, pending_amount: 0 });
  expect(after.canceled_at).toEqual(expect.any(String));
  expect(after.adjustments.map((a: Json) => a.kind)).toEqual(['canceled']);
  expect((await adjustedEvents(id)).map((e) => e.data.new_total_centavos)).toEqual([0]);
  const later = await correct(treasurer, id, 'edit_due', {
    due_on: '2026-12-10',
    reason: 'Ajuste',
  });
  expect(later.status).toBe(409);
  expect(later.body.error.message).toBe('Esta orden está cancelada; ya no se puede corregir.');
});

test('change_order_prices re-prices unpaid orders from a date; paid ones keep theirs, said', async () => {
  const path = `/api/v1/dashboard/schools/${SCHOOL}/concepts/${tuition}/change_order_prices/`;
  const json = { price_centavos: 500_000, from: '2026-09-01', reason: 'Aumento autorizado' };
  expect((await h.call(staff('ACCOUNTANT'), path, { json })).status).toBe(403);
  const bad = await h.call(treasurer, path, { json: { ...json, price_centavos: 0 } });
  expect(bad.status).toBe(400);
  expect(bad.body.error.details[0].message).toBe('La cantidad debe ser mayor que cero.');
  const elsewhere = await h.call(
    staff('OWNER', OTHER_SCHOOL),
    `/api/v1/dashboard/schools/${OTHER_SCHOOL}/concepts/${tuition}/change_order_prices/`,
    { json },
  );
  expect(elsewhere.status).toBe(404);

  const res = await h.call(treasurer, path, { json });
  expect(res.status).toBe(200);
  // Nine orders billed in SCHOOL, one cancelled; student 2's September has payments.
  expect(res.body).toMatchObject({ price_centavos: 500_000, orders_with_payments: 1 });
  expect(res.body.orders_repriced).toBe(7);
  expect(res.body.note).toMatch(/^Una orden ya tiene pagos/);
  expect((await detail(order['2:2026-09'])).amount_centavos).toBe(485_000);
  expect((await detail(order['2:2026-10'])).amount_centavos).toBe(500_000);
  const concept = await h.call(staff(), `/api/v1/dashboard/concepts/${tuition}/`);
  expect(concept.body.price_centavos).toBe(500_000);
});
