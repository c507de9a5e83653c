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
import { billTuition } from '../test-support/billed-school';

jest.setTimeout(30_000);

let h: BillingHarness;
const [S1, S2] = [1, 2].map(studentId);
const read = (what: string, id = S1!, as = staff('CASH_COLLECTION')) =>
  h.call(as, `/api/v1/dashboard/students/${id}/${what}/`);

beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-10-01T18:00:00Z') });
  await h.enrol({}, { school_id: OTHER_SCHOOL });
  for (const schoolId of [SCHOOL, OTHER_SCHOOL])
    await billTuition(h, { schoolId, as: staff('OWNER', schoolId) });
  await h.query(
    `UPDATE orders SET paid_base_centavos = total_centavos, paid_late_fee_centavos = 15000,
            paid_on = '2026-09-20' WHERE student_id = $1 AND period = '2026-09'`,
    [S1],
  );
});
afterAll(() => h?.dispose());

test("staff read a student's orders, what is left to pay and the concepts assigned", async () => {
  const orders = await read('orders');
  expect(orders.status).toBe(200);
  expect(orders.body.map((o: Json) => [o.period, o.status, o.pending_amount])).toEqual([
    ['2026-09', 'PAID', 0],
    ['2026-10', 'NOT_PAID', 485_000],
  ]);
  const fulfillments = await read('fulfillments');
  expect(fulfillments.body.map((o: Json) => o.period)).toEqual(['2026-10']);
  const assignments = await read('assignments');
  expect(assignments.body).toEqual([
    {
      concept_id: orders.body[0].concept_id,
      concept_name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      periods: ['2026-09', '2026-10'],
      orders: 2,
      pending_amount: 485_000,
    },
  ]);
  // As of November, October's late fee is due too.
  const later = await h.call(
    staff(),
    `/api/v1/dashboard/students/${S1}/fulfillments/?as_of=2026-11-01`,
  );
  expect(later.body[0].pending_amount).toBe(500_000);
});

test("another school's student is not found; roles without billing.read and guardians 403", async () => {
  for (const what of ['orders', 'fulfillments', 'assignments']) {
    const elsewhere = await read(what, S2);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.message).toBe('No encontramos a este alumno.');
    expect((await read(what, '99999999-9999-4999-8999-999999999999')).status).toBe(404);
    expect((await read(what, S1, staff('OTHER'))).status).toBe(403);
    expect((await read(what, S1, family())).status).toBe(403);
    expect((await read(what, S2, staff('OWNER', OTHER_SCHOOL))).status).toBe(200);
  }
  expect(
    (await h.call(staff(), `/api/v1/dashboard/students/${S1}/orders/?as_of=ayer`)).status,
  ).toBe(400);
});
