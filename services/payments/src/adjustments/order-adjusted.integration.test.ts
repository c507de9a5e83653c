import { randomUUID } from 'node:crypto';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import { publishEvent } from '@cuota/testing/publish-event';
import { waitFor } from '@cuota/testing/wait-for';
import { balancesOfSchool } from '../ledger/ledger-repository';
import type { BilledOrder } from '../test-support/real-billing';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_order_adjusted' });
  school = h.schools[0]!;
}, 60_000);
afterAll(() => h?.stop());

/** Billing's event, as billing publishes it when an order's total changes (issue 17). */
const adjusted = (order: BilledOrder, previous: number, next: number, id = randomUUID()) => ({
  adjustment_id: id,
  order_id: order.id,
  school_id: school.id,
  student_id: order.studentId,
  concept_id: 'colegiatura',
  concept_type: 'MONTHLY_FEE' as const,
  period: order.period,
  kind: 'scholarship' as const,
  previous_total_centavos: previous,
  new_total_centavos: next,
  reason: 'Beca del 15 %',
  adjusted_at: new Date().toISOString(),
  adjusted_by: 'staff-treasurer',
});
const books = () => balancesOfSchool(h.service.db, school.id);

test('a paid order’s scholarship, delivered five times, is the student’s credit once', async () => {
  const kid = school.families[1]!.studentIds[0]!;
  const [order] = await h.bill(school, [kid], { period: '2026-03', amount: 530_000 });
  const paid = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: { student_id: kid, amount_centavos: 530_000, method: 'cash', order_ids: [order!.id] },
      headers: { 'idempotency-key': `beca-${randomUUID()}` },
    },
  );
  expect(paid.status).toBe(201);
  // The bill run reaches the ledger through billing's event: the books are read once it has.
  await waitFor(async () => (await h.ledgerCheck()).ok);
  const before = await books();
  const event = adjusted(order!, 530_000, 450_500);
  for (let i = 0; i < 5; i++) await publishEvent(h.ns.nc, h.ns, orderAdjustedV1, event);
  await waitFor(async () => (await books())[`credit:${kid}`] === -79_500);
  const after = await books();
  expect(after.revenue! - before.revenue!).toBe(79_500);
  expect(after.receivable).toBe(before.receivable);
  expect(
    await h.count('ledger_transactions', 'idempotency_key = $1', [
      `adjustment:${event.adjustment_id}`,
    ]),
  ).toBe(1);
  expect((await h.ledgerCheck()).balanced).toBe(true);
});

test('an unpaid order’s reduction lowers the receivable; a surcharge raises it', async () => {
  const kid = school.families[0]!.studentIds[0]!;
  const [order] = await h.bill(school, [kid], { period: '2026-04', dueOn: '2026-04-10' });
  await waitFor(async () => (await h.ledgerCheck()).ok);
  const before = await books();
  await publishEvent(h.ns.nc, h.ns, orderAdjustedV1, adjusted(order!, 350_000, 300_000));
  await waitFor(async () => (await books()).receivable === before.receivable! - 50_000);
  await publishEvent(h.ns.nc, h.ns, orderAdjustedV1, {
    ...adjusted(order!, 300_000, 320_000),
    kind: 'surcharge',
  });
  await waitFor(async () => (await books()).receivable === before.receivable! - 30_000);
  expect((await books())[`credit:${kid}`] ?? 0).toBe(0);
  expect((await h.ledgerCheck()).balanced).toBe(true);
});
