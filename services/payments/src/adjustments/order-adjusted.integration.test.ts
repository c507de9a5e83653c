import { randomUUID } from 'node:crypto';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import {
  ordersAdjustedParts,
  ordersAdjustedV1,
} from '@cuota/contracts/events/billing.orders.adjusted.v1';
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

test('a massive scholarship’s part posts what one event per order posts; redelivered, nothing', async () => {
  const [one, other] = school.families[0]!.studentIds as [string, string];
  const billTwo = async (kid: string) => [
    ...(await h.bill(school, [kid], { period: '2026-05', dueOn: '2026-05-10' })),
    ...(await h.bill(school, [kid], { period: '2026-06', dueOn: '2026-06-10' })),
  ];
  const billedEvents = () =>
    h.count('inbox_events', `consumer = 'payments-billing' AND type = 'billing.orders.billed'`);
  const billed = await billedEvents();
  const [single, massive] = [await billTwo(one), await billTwo(other)];
  // Not ledgerCheck().ok: the events above were not billing's, so its books differ by them.
  await waitFor(async () => (await billedEvents()) === billed + 4);
  const start = await books();
  for (const o of single)
    await publishEvent(h.ns.nc, h.ns, orderAdjustedV1, adjusted(o, 350_000, 315_000));
  await waitFor(async () => (await books()).receivable === start.receivable! - 70_000);
  const middle = await books();
  const items = massive.map((o) => {
    const {
      school_id: _s,
      kind: _k,
      reason: _r,
      adjusted_by: _b,
      ...item
    } = adjusted(o, 350_000, 315_000);
    return item;
  });
  const [part] = ordersAdjustedParts(
    { school_id: school.id, kind: 'scholarship', reason: 'Beca del 15 %', adjusted_by: 'staff' },
    items,
  );
  const first = await publishEvent(h.ns.nc, h.ns, ordersAdjustedV1, part!);
  await waitFor(async () => (await books()).receivable === middle.receivable! - 70_000);
  const end = await books();
  expect(end.revenue! - middle.revenue!).toBe(middle.revenue! - start.revenue!);
  // Redelivered as the same event, and sent again under a new id: each order is keyed by its adjustment.
  await publishEvent(h.ns.nc, h.ns, ordersAdjustedV1, part!, first, randomUUID());
  const again = await publishEvent(h.ns.nc, h.ns, ordersAdjustedV1, part!);
  await waitFor(async () => (await h.count('inbox_events', 'event_id = $1', [again])) === 1);
  expect(await books()).toEqual(end);
  const keys = items.map((i) => `adjustment:${i.adjustment_id}`);
  expect(await h.count('ledger_transactions', 'idempotency_key = ANY($1)', [keys])).toBe(2);
  expect((await h.ledgerCheck()).balanced).toBe(true);
});
