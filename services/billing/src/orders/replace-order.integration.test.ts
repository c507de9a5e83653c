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
const order: Record<string, string> = {};
const treasurer = { ...staff('TREASURER'), name: 'Tere Tesorera' } as IdentityClaims;
const PAID =
  'Esta orden ya tiene pagos. Para cambiar su importe, primero reembolsa el pago o emite una nota de crédito desde Pagos; después corrige la orden.';
const put = (as: IdentityClaims, id: string, json: unknown) =>
  h.call(as, `/book-keeper/orders/${id}/`, { method: 'PUT', json });
const written = async () => ({
  ...(await h.counts()),
  adjustments: (await h.query<Json>('SELECT count(*)::int AS n FROM order_adjustments'))[0].n,
});
const replacement = {
  amount_centavos: 450_000,
  due_on: '2026-10-15',
  late_fee: { kind: 'PERCENT', basis_points: 300, grace_days: 3, cap_centavos: 30_000 },
  reason: 'Convenio de pago',
};

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-10-01T18:00:00Z') });
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
        periods: ['2026-09'],
        due_day: 10,
        late_fee: { kind: 'FIXED', amount_centavos: 15_000, grace_days: 5 },
      },
    });
    await h.call(as, '/book-keeper/massive_concept_assignments/', {
      json: { school_id: schoolId, concept_id: concept.body.id, period: '2026-09' },
    });
  }
  for (const o of await h.query<Json>('SELECT id, student_id FROM orders'))
    order[o.student_id.slice(-1)] = o.id;
  await h.query('UPDATE orders SET paid_base_centavos = 100000 WHERE id = $1', [order['2']]);
});
afterAll(() => h?.dispose());

test("PUT replaces an unpaid order's amount, due date and late fee: one trail entry, one event", async () => {
  const id = order['1']!;
  const res = await put(treasurer, id, replacement);
  expect(res.status).toBe(200);
  // Overdue with $150.00 of late fee before; due on the 15th now, so nothing accrues today.
  expect(res.body).toMatchObject({
    amount_centavos: 450_000,
    total_centavos: 450_000,
    due_on: '2026-10-15',
    late_fee_centavos: 0,
  });
  expect(res.body.adjustments).toEqual([
    expect.objectContaining({
      kind: 'replaced',
      changes: expect.arrayContaining([
        { field: 'amount_centavos', before: 485_000, after: 450_000 },
        { field: 'due_on', before: '2026-09-10', after: '2026-10-15' },
        {
          field: 'late_fee',
          before: '$150.00, 5 días de gracia',
          after: '3 % mensual, tope $300.00, 3 días de gracia',
        },
        { field: 'total_centavos', before: 485_000, after: 450_000 },
      ]),
      reason: 'Convenio de pago',
      adjusted_by_name: 'Tere Tesorera',
    }),
  ]);
  expect(res.body.adjustments[0].changes).toHaveLength(4);
  // The same PUT again (a retry, keys in another order) changes and writes nothing.
  const before = await written();
  const { late_fee } = replacement;
  const again = await put(treasurer, id, {
    ...replacement,
    late_fee: {
      cap_centavos: late_fee.cap_centavos,
      grace_days: 3,
      basis_points: 300,
      kind: 'PERCENT',
    },
  });
  expect(again.status).toBe(200);
  expect(await written()).toEqual(before);
  const events = await h.query<Json>(
    `SELECT payload->'data' AS data FROM outbox_events WHERE type = 'billing.order.adjusted'`,
  );
  expect(
    events.map((e) => [e.data.kind, e.data.previous_total_centavos, e.data.new_total_centavos]),
  ).toEqual([['base_edited', 485_000, 450_000]]);
});

test('a partly paid order is not replaced: 409 in Spanish, nothing written', async () => {
  const before = await written();
  const res = await put(treasurer, order['2']!, replacement);
  expect(res.status).toBe(409);
  expect(res.body.error.message).toBe(PAID);
  expect(await written()).toEqual(before);
});

test('bad input is a Spanish 400: every field is required, nothing written', async () => {
  const id = order['1']!;
  const before = await written();
  const { late_fee: _dropped, ...withoutLateFee } = replacement;
  for (const [json, message] of [
    [{ ...replacement, amount_centavos: -5 }, 'La cantidad no puede ser negativa.'],
    [
      { ...replacement, amount_centavos: 10.5 },
      'La cantidad debe ser un número entero de centavos (sin decimales).',
    ],
    [{ ...replacement, due_on: '2026-02-30' }, 'Escribe una fecha válida (AAAA-MM-DD).'],
    [
      { ...replacement, late_fee: { ...replacement.late_fee, basis_points: 10_001 } },
      'El porcentaje es como máximo 100 %.',
    ],
    [{ ...replacement, reason: '' }, 'Escribe el motivo (al menos 3 letras).'],
    [withoutLateFee, 'Entrada inválida: se esperaba objeto, recibido indefinido'],
  ] as const) {
    const res = await put(treasurer, id, json);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe(message);
  }
  const outside = await put(treasurer, id, { ...replacement, due_on: '2028-09-10' });
  expect(outside.status).toBe(400);
  expect(outside.body.error.message).toBe(
    'La fecha de vencimiento queda fuera del ciclo del concepto: elige una entre septiembre de 2026 y agosto de 2027.',
  );
  expect(await written()).toEqual(before);
});

test("roles without billing.write get 403; another school's order 404", async () => {
  const before = await written();
  for (const role of ['ACCOUNTANT', 'CASH_COLLECTION', 'ADMISSIONS'] as const)
    expect((await put(staff(role), order['1']!, replacement)).status).toBe(403);
  const elsewhere = await put(treasurer, order['3']!, replacement);
  expect(elsewhere.status).toBe(404);
  expect(elsewhere.body.error.message).toBe('No encontramos esta orden.');
  const unknown = await put(treasurer, '99999999-9999-4999-8999-999999999999', replacement);
  expect(unknown.status).toBe(404);
  expect(await written()).toEqual(before);
});
