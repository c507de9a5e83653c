import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness } from '../test-support/payments-harness';
import { CARDS, type SchoolFixture } from '../test-support/payments-harness';
import { lostCharges } from '../test-support/lost-charges';
import { startPaymentsHarness } from '../test-support/start-harness';
import { PayinReconciler, reconcilerLoop, type ReconcileOptions } from './reconcile-payins';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_reconcile' });
  [school] = h.schools as [SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

const OPTIONS: ReconcileOptions = {
  intervalMs: 0,
  pendingAfterMs: 2 * 60_000,
  abandonAfterMs: 35 * 60_000,
};
/** The job as it would run `minutes` from now. */
const reconcileIn = (minutes: number) =>
  new PayinReconciler(
    { ...h.deps, now: () => new Date(Date.now() + minutes * 60_000) },
    OPTIONS,
  ).runOnce();

const { payinLeftBeforeCharge, chargeBehindPayments } = lostCharges(
  () => h,
  () => school,
);

const behaviour = (json: object) =>
  fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: JSON.stringify(json) });

const ledgerIsRight = () =>
  waitFor(async () => {
    const report = await h.ledgerCheck();
    expect(report.mismatches).toEqual([]);
    return report.ok;
  });

test.each([
  ['the gateway answered 500 after approving', CARDS.serverError],
  ['the gateway never answered in time', CARDS.timeout],
])('%s: the payin stays pending, then the job settles it once', async (_case, card) => {
  await behaviour({ hold: true });
  try {
    const [order] = await h.bill(school, [school.families[0]!.studentIds[1]!], {
      period: card === CARDS.timeout ? '2026-02' : '2026-01',
    });
    const res = await h.checkout(school, [order!], { card });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('pending');
    // Too young for the job: untouched.
    expect((await reconcileIn(0)).checked).toBe(0);
    const report = await reconcileIn(3);
    expect(report).toMatchObject({ settled: 1, stillPending: 0 });
    await h.waitForStatus(res.body.id, 'success');
    expect(await h.count('allocations', 'order_id = $1', [order!.id])).toBe(1);
  } finally {
    await behaviour({});
  }
  // The held webhook arrives late: it changes nothing.
  await new Promise((r) => setTimeout(r, 500));
  expect((await reconcileIn(3)).checked).toBe(0);
  await ledgerIsRight();
});

test('a charge made before a crash is found by its payin id and settled', async () => {
  const { payin, order } = await payinLeftBeforeCharge();
  // The charge left (with the payin id in its metadata), the process died before recording it.
  await behaviour({ hold: true });
  try {
    const charged = await chargeBehindPayments(CARDS.visa, order.amount, payin.id);
    expect(charged.status).toBe(201);
    expect(await reconcileIn(5)).toMatchObject({ checked: 1, settled: 1 });
  } finally {
    await behaviour({});
  }
  await h.realBilling.waitForPaid(order);
  await ledgerIsRight();
});

test('a declined charge whose answer was lost fails the payin with the gateway’s reason', async () => {
  const { payin, order } = await payinLeftBeforeCharge();
  expect(await reconcileIn(5)).toMatchObject({ checked: 1, stillPending: 1 });
  await behaviour({ hold: true });
  try {
    const declined = await chargeBehindPayments(CARDS.noFunds, order.amount, payin.id);
    expect(declined.status).toBe(400);
    expect(await reconcileIn(5)).toMatchObject({ checked: 1, failed: 1 });
  } finally {
    await behaviour({});
  }
  const { rows } = await h.service.db.$client.query(
    'SELECT status, error_code, error_message FROM payins WHERE id = $1',
    [payin.id],
  );
  expect(rows[0]).toEqual({
    status: 'failed',
    error_code: 'DECLINED',
    error_message: 'Tarjeta sin fondos',
  });
  expect(await h.count('allocations', 'payin_id = $1', [payin.id])).toBe(0);
  await ledgerIsRight();
});

test('a payin the gateway never saw is abandoned once its card token has expired', async () => {
  const { payin } = await payinLeftBeforeCharge();
  expect(await reconcileIn(10)).toMatchObject({ checked: 1, stillPending: 1 });
  expect(await reconcileIn(40)).toMatchObject({ checked: 1, failed: 1 });
  const { rows } = await h.service.db.$client.query(
    'SELECT status, error_code FROM payins WHERE id = $1',
    [payin.id],
  );
  expect(rows[0]).toEqual({ status: 'failed', error_code: 'ABANDONED' });
  await ledgerIsRight();
});

test('the job runs by itself on its interval', async () => {
  const { payin } = await payinLeftBeforeCharge();
  const job = reconcilerLoop(
    { ...h.deps, now: () => new Date(Date.now() + 60 * 60_000) },
    { ...OPTIONS, intervalMs: 50 },
  )!;
  job.start();
  try {
    await h.waitForStatus(payin.id, 'failed');
  } finally {
    await job.stop();
  }
});

test('a wake-up runs a pass at once, long before the interval', async () => {
  const { payin } = await payinLeftBeforeCharge();
  // The first pass (at start) sees the payin young; only a woken second pass sees it abandoned.
  let passes = 0;
  let later = false;
  const now = () => {
    passes++;
    return new Date(Date.now() + (later ? 60 * 60_000 : 0));
  };
  const job = reconcilerLoop({ ...h.deps, now }, { ...OPTIONS, intervalMs: 3_600_000 })!;
  job.start();
  try {
    await waitFor(() => passes > 0);
    expect(await h.count('payins', "id = $1 AND status = 'pending'", [payin.id])).toBe(1);
    later = true;
    job.wake();
    await h.waitForStatus(payin.id, 'failed');
  } finally {
    await job.stop();
  }
});

test('no background job when the interval is 0', () => {
  expect(reconcilerLoop(h.deps, OPTIONS)).toBeNull();
});

test('a sale the gateway list shows voided settles nothing', async () => {
  const { payin, order } = await payinLeftBeforeCharge();
  await behaviour({ hold: true });
  try {
    const charged = await chargeBehindPayments(CARDS.visa, order.amount, payin.id);
    const { ticketNumber } = (await charged.json()) as { ticketNumber: string };
    const voided = await fetch(`${h.sandbox.url}/v1/charges/${ticketNumber}`, {
      method: 'DELETE',
      headers: { 'Private-Merchant-Id': school.privateMerchantId },
    });
    expect(voided.status).toBe(201);
    // The list shows the reversal once Kushki has it (INITIALIZED or settled alike).
    expect(await reconcileIn(5)).toMatchObject({ checked: 1, stillPending: 1 });
    expect(await h.count('allocations', 'payin_id = $1', [payin.id])).toBe(0);
  } finally {
    await behaviour({});
  }
});
