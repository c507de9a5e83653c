import { randomUUID } from 'node:crypto';
import { scrape, valueOf, type Series } from '@cuota/testing/scrape-metrics';
import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_metrics' });
  school = h.schools[0]!;
}, 60_000);
afterAll(() => h?.stop());

const DESK_ROUTE = '/api/v1/dashboard/schools/{id}/payins/';

test('after a desk payment, /metrics shows the request, the payment, the events and the pool', async () => {
  const metricsUrl = `${h.service.url}/metrics`;
  const before = await scrape(metricsUrl);
  const student = school.families[0]!.studentIds[0]!;
  const [order] = await h.bill(school, [student], { period: '2026-03', dueOn: '2026-03-10' });
  const res = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: {
        student_id: student,
        amount_centavos: order!.amount,
        method: 'cash',
        confirm_excess: true,
      },
      headers: { 'idempotency-key': randomUUID() },
    },
  );
  expect(res.status).toBe(201);
  const refused = await h.call(
    h.guardian(school),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: { student_id: student, amount_centavos: 100, method: 'cash' },
      headers: { 'idempotency-key': randomUUID() },
    },
  );
  expect(refused.status).toBe(403);

  const after: Series[] = await waitFor(async () => {
    const series = await scrape(metricsUrl);
    // billing's order.billed reached payments' consumer, and the payin's event left the outbox.
    const handled = valueOf(series, 'cuota_event_lag_seconds_count');
    const backlog = valueOf(series, 'cuota_outbox_backlog', { measure: 'events' });
    const caughtUp = handled > valueOf(before, 'cuota_event_lag_seconds_count') && backlog === 0;
    return caughtUp ? series : undefined;
  });
  const requests = (status: string) =>
    valueOf(after, 'cuota_http_request_duration_seconds_count', {
      method: 'POST',
      route: DESK_ROUTE,
      status_code: status,
    });
  expect(requests('201')).toBe(1);
  expect(requests('403')).toBe(1);
  // Never a raw path with ids as a label.
  expect(after.filter((s) => s.labels.route?.includes(school.id))).toEqual([]);
  expect(valueOf(after, 'cuota_payments', { type: 'CASH_IN', status: 'success' })).toBe(
    valueOf(before, 'cuota_payments', { type: 'CASH_IN', status: 'success' }) + 1,
  );
  expect(valueOf(after, 'cuota_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
  expect(valueOf(after, 'cuota_consumer_pending_events')).toBe(0);
  // One figure per durable consumer of payments, none parked.
  const parked = after.filter((s) => s.name === 'cuota_dead_letters_parked');
  expect(parked.map((s) => s.labels.consumer)).toEqual(
    expect.arrayContaining(['payments-enrolment', 'payments-billing']),
  );
  expect(parked.map((s) => s.value)).toEqual(parked.map(() => 0));
  expect(after.every((s) => s.labels.part === 'payments')).toBe(true);
});
