import {
  SCHOOL,
  family,
  startBillingHarness,
  studentId,
  type BillingHarness,
  type Json,
} from '../test-support/billing-harness';
import { seedDemoBilling } from './demo-billing';

jest.setTimeout(30_000);

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness({ now: () => new Date('2026-11-24T18:00:00Z') });
  await h.enrol({}, { level: 'middle' }, { status: 'inactive' });
});
afterAll(() => h?.dispose());

test('the demo school gets concepts and orders billed through this month, some overdue; once', async () => {
  const first = await seedDemoBilling(h.service.db, SCHOOL, '2026-11-24');
  // Inscription, a monthly fee for each of the two levels, a uniform, the optional cafeteria.
  // Each active student: inscription + August to November + uniform; the cafeteria for no one.
  expect(first).toEqual({ concepts: 5, orders: 2 * 6 });
  expect(await seedDemoBilling(h.service.db, SCHOOL, '2026-11-24')).toEqual({
    concepts: 0,
    orders: 0,
  });

  const orders = (await h.call(family(), `/api/v1/students/${studentId(1)}/orders/`)).body;
  expect(orders.map((o: Json) => [o.concept_name, o.period, o.amount_centavos])).toEqual([
    ['Colegiatura Primaria', '2026-08', 485_000],
    ['Inscripción 2026-2027', null, 350_000],
    ['Colegiatura Primaria', '2026-09', 485_000],
    ['Colegiatura Primaria', '2026-10', 485_000],
    ['Colegiatura Primaria', '2026-11', 485_000],
    ['Uniforme deportivo', null, 65_000],
  ]);
  const september = orders[2];
  expect(september.late_fee_centavos).toBe(43_650); // 3 % for each of three started months
  expect(orders[4].late_fee_centavos).toBe(14_550); // November: past the 15th
  expect(orders[5].late_fee_centavos).toBe(0);
  const [billed] = await h.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'billing.orders.billed'`,
  );
  expect(billed!.n).toBe(1 + 2 * 4 + 1);

  // Offered to each active student from this month on.
  const offered = (await h.call(family(), `/api/v1/schools/${SCHOOL}/subscriptions/concepts/`))
    .body as Json[];
  expect(offered.map((o) => [o.concept_name, o.concept_price, o.months[0]])).toEqual([
    ['Comedor', 150_000, '2026-11'],
    ['Comedor', 150_000, '2026-11'],
  ]);
});
