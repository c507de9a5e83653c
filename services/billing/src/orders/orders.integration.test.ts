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
import { billTuition } from '../test-support/billed-school';

jest.setTimeout(30_000);

let h: BillingHarness;
let conceptId: string;
const S1 = studentId(1);

beforeAll(async () => {
  // 1 October 2026, noon in Mexico City.
  h = await startBillingHarness({ now: () => new Date('2026-10-01T18:00:00Z') });
  await h.enrol(
    { first_name: 'Ana' },
    { first_name: 'Beto' },
    { billing_guardian_id: OTHER_GUARDIAN },
    { school_id: OTHER_SCHOOL },
  );
  conceptId = await billTuition(h);
});
afterAll(() => h?.dispose());

const ordersOf = (student: string, query = '') =>
  h.call(family(), `/api/v1/students/${student}/orders/${query}`);

test('the family sees each order with its late fee once past due and grace', async () => {
  const res = await ordersOf(S1);
  expect(res.status).toBe(200);
  expect(
    res.body.map((o: Json) => [
      o.period,
      o.due_on,
      o.late_fee_centavos,
      o.pending_amount,
      o.status,
    ]),
  ).toEqual([
    ['2026-09', '2026-09-10', 15_000, 500_000, 'NOT_PAID'],
    ['2026-10', '2026-10-10', 0, 485_000, 'NOT_PAID'],
  ]);
  expect(res.body[0]).toMatchObject({
    student: { id: S1, name: 'Ana García' },
    concept_name: 'Colegiatura',
    concept_type: 'MONTHLY_FEE',
    final_amount: 500_000,
    as_of: '2026-10-01',
  });
  const earlier = await ordersOf(S1, '?as_of=2026-09-15');
  expect(earlier.body[0]).toMatchObject({ late_fee_centavos: 0, pending_amount: 485_000 });
});

test('an order read alone carries the payments applied to it', async () => {
  const [first] = (await ordersOf(S1)).body;
  await h.query(
    `INSERT INTO order_allocations VALUES ('payin-1', $1, 100000, 15000, '2026-09-20T12:00:00Z')`,
    [first.id],
  );
  await h.query(
    `UPDATE orders SET paid_base_centavos = 100000, paid_late_fee_centavos = 15000 WHERE id = $1`,
    [first.id],
  );
  const res = await h.call(family(), `/api/v1/students/${S1}/orders/${first.id}/`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    status: 'PARTIAL_PAID',
    paid_centavos: 115_000,
    pending_amount: 385_000,
    allocations: [{ payin_id: 'payin-1', base_centavos: 100_000, late_fee_centavos: 15_000 }],
  });
  const staffView = await h.call(staff('CASH_COLLECTION'), `/book-keeper/orders/${first.id}/`);
  expect(staffView.body).toEqual({ ...res.body, adjustments: [] });
});

test('the family lists its students at the school; what to pay leaves paid orders out', async () => {
  const all = await h.call(family(), `/api/v1/schools/${SCHOOL}/orders/`);
  expect(new Set(all.body.map((o: Json) => o.student.id))).toEqual(new Set([S1, studentId(2)]));
  expect(all.body).toHaveLength(4);
  const [, second] = (await ordersOf(S1)).body;
  await h.query(
    `UPDATE orders SET paid_base_centavos = amount_centavos, paid_on = '2026-09-30' WHERE id = $1`,
    [second.id],
  );
  const open = await h.call(family(), `/api/v1/schools/${SCHOOL}/fulfillments/`);
  expect(open.body.map((o: Json) => o.id)).not.toContain(second.id);
  expect(open.body).toHaveLength(3);
  const elsewhere = await h.call(
    family(GUARDIAN, OTHER_SCHOOL),
    `/api/v1/schools/${OTHER_SCHOOL}/orders/`,
  );
  expect(elsewhere.body).toEqual([]);
});

test("staff see a student's concepts with their orders", async () => {
  const res = await h.call(staff('ADMISSIONS'), `/api/v2/dashboard/students/${S1}/concepts/`);
  expect(res.status).toBe(200);
  expect(res.body).toHaveLength(1);
  expect(res.body[0]).toMatchObject({
    concept_id: conceptId,
    concept_name: 'Colegiatura',
    pending_amount: 385_000,
  });
  expect(res.body[0].orders).toHaveLength(2);
  const one = await h.call(staff(), `/api/v2/dashboard/students/${S1}/concepts/${conceptId}/`);
  expect(one.body).toEqual(res.body[0]);
  const none = await h.call(
    staff(),
    `/api/v2/dashboard/students/${studentId(3)}/concepts/${OTHER_SCHOOL}/`,
  );
  expect(none.status).toBe(404);
  expect(none.body.error.message).toBe('No encontramos este concepto para el alumno.');
});

test("another family's or school's students and orders do not exist (404); roles without billing.read get 403", async () => {
  const [first] = (await ordersOf(S1)).body;
  const other = family(OTHER_GUARDIAN);
  const outsider = staff('OWNER', OTHER_SCHOOL);
  for (const [who, path] of [
    [other, `/api/v1/students/${S1}/orders/`],
    [other, `/api/v1/students/${S1}/orders/${first.id}/`],
    [family(), `/api/v1/students/${studentId(3)}/orders/`],
    [outsider, `/api/v1/students/${S1}/orders/`],
    [outsider, `/api/v2/dashboard/students/${S1}/concepts/`],
    [family(), `/api/v1/students/${studentId(99)}/orders/`],
  ] as const) {
    const res = await h.call(who, path);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No encontramos a este alumno.');
  }
  const mismatched = await h.call(family(), `/api/v1/students/${studentId(2)}/orders/${first.id}/`);
  expect(mismatched.status).toBe(404);
  expect(mismatched.body.error.message).toBe('No encontramos esta orden.');
  expect((await h.call(outsider, `/book-keeper/orders/${first.id}/`)).status).toBe(404);
  expect((await h.call(staff('OTHER'), `/api/v1/students/${S1}/orders/`)).status).toBe(403);
  expect((await h.call(family(), `/book-keeper/orders/${first.id}/`)).status).toBe(403);
  expect((await h.call(family(), `/api/v2/dashboard/students/${S1}/concepts/`)).status).toBe(403);
  expect((await h.call(staff(), `/api/v1/schools/${SCHOOL}/orders/`)).status).toBe(403);
});

test('a date that is not AAAA-MM-DD is a Spanish 400', async () => {
  const res = await ordersOf(S1, '?as_of=2026-13-01');
  expect(res.status).toBe(400);
  expect(res.body.error.details[0].message).toBe('Escribe una fecha válida (AAAA-MM-DD).');
});
