import { randomUUID } from 'node:crypto';
import { payoutDetailSchema, scheduledPayoutSchema } from '@cuota/contracts/payments/payouts';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { waitFor } from '@cuota/testing/wait-for';
import { balancesOfSchool } from '../ledger/ledger-repository';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { PAYOUTS, payoutKit } from '../test-support/payout-kit';
import { startPaymentsHarness } from '../test-support/start-harness';
import { feeOfSale } from './payout-fees';

jest.setTimeout(120_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let kit: ReturnType<typeof payoutKit>;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_payout_carried' });
  [school] = h.schools as [SchoolFixture];
  kit = payoutKit(h, school);
  await kit.addAccount('012180000000000015');
}, 120_000);
afterAll(() => h?.stop());

const sandbox = (path: string, init?: RequestInit) => fetch(`${h.sandbox.url}${path}`, init);

/** A partial card refund through the refund endpoint, applied by the gateway's webhook. */
async function refunded(payinId: string, amount: number): Promise<string> {
  const res = await h.call(h.staff('TREASURER'), `/api/v1/dashboard/schools/${school.id}/refund/`, {
    method: 'POST',
    json: { payin_id: payinId, amount_centavos: amount, reason: 'La familia pagó dos veces' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.status).toBe(201);
  const id = res.body.id as string;
  await waitFor(
    async () => (await h.count('payin_reversals', "id = $1 AND status = 'applied'", [id])) === 1,
  );
  return id;
}

/** Moves an applied reversal `daysAgo` days back: the day the books applied it. */
const appliedDaysAgo = (reversalId: string, daysAgo: number) =>
  h.books.$client.query(
    'UPDATE payin_reversals SET applied_at = applied_at - make_interval(days => $2) WHERE id = $1',
    [reversalId, daysAgo],
  );

const clearing = async () =>
  (await balancesOfSchool(h.service.db, school.id)).gateway_clearing ?? 0;

test('a refund of a paid-out payment (webhook five times) comes out of the next payout, once', async () => {
  const paid = await kit.cardDay(6, [300_000]);
  const first = await kit.schedule(paid.day);
  expect(first.status).toBe(201);
  await kit.paidOut(first.body.id);

  // The gateway already paid the day out; the refund's webhook arrives five times.
  await sandbox('/_sandbox/behaviour', { method: 'PUT', body: JSON.stringify({ duplicates: 4 }) });
  const reversalId = await refunded(paid.ids[0]!, 100_000);
  await waitFor(async () => {
    const { rows } = await h.books.$client.query('SELECT ticket_number FROM payins WHERE id = $1', [
      paid.ids[0],
    ]);
    const log = (await (
      await sandbox(`/_sandbox/webhooks?ticketNumber=${rows[0].ticket_number}`)
    ).json()) as Array<{ transaction_type: string; status: number }>;
    return log.filter((d) => d.transaction_type === 'REFUND' && d.status === 200).length === 5;
  });
  await sandbox('/_sandbox/behaviour', { method: 'PUT', body: JSON.stringify({}) });
  // Applied on a day without card money, which has nothing to pay out.
  await appliedDaysAgo(reversalId, 5);

  const next = await kit.cardDay(4, [250_000]);
  const fee = feeOfSale(250_000);
  const answers = await Promise.all(Array.from({ length: 20 }, () => kit.schedule(next.day)));
  expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  const payout = scheduledPayoutSchema.parse(answers[0]!.body);
  expect(payout).toMatchObject({
    collected_centavos: 250_000,
    reversed_centavos: 0,
    carried_centavos: 100_000,
    fee_centavos: fee,
    net_centavos: 250_000 - 100_000 - fee,
  });
  expect(await h.count('payouts', 'school_id = $1', [school.id])).toBe(2);

  const detail = payoutDetailSchema.parse(
    (await h.call(h.staff('ACCOUNTANT'), `${PAYOUTS}${payout.id}/`)).body,
  );
  expect(detail.deductions).toEqual([
    expect.objectContaining({
      reversal_id: reversalId,
      payin_id: paid.ids[0],
      label: 'Reembolso de un pago ya dispersado',
      amount_centavos: 100_000,
      paid_out_on: paid.day,
    }),
  ]);

  await kit.paidOut(payout.id);
  expect(await kit.postedLines(`payout:${payout.id}`)).toEqual({
    bank: 250_000 - 100_000 - fee,
    gateway_fees: fee,
    gateway_clearing: -150_000,
  });
  // Every card peso the gateway held went to the bank or back to the family: nothing is left.
  expect(await clearing()).toBe(0);
  expect((await h.ledgerCheck()).ok).toBe(true);
});

test("a refund larger than the next day's net is split across the payouts after it", async () => {
  const paid = await kit.cardDay(5, [400_000]);
  const first = await kit.schedule(paid.day);
  expect(first.status).toBe(201);
  await kit.paidOut(first.body.id);
  const reversalId = await refunded(paid.ids[0]!, 300_000);

  // The small day gives all it has but one centavo; the rest of the refund waits.
  const small = await kit.cardDay(3, [100_000]);
  const part = 100_000 - feeOfSale(100_000) - 1;
  const smallPayout = await kit.schedule(small.day);
  expect(smallPayout.status).toBe(201);
  expect(smallPayout.body).toMatchObject({ carried_centavos: part, net_centavos: 1 });
  const list = await h.call(h.staff('ACCOUNTANT'), `${PAYOUTS}?school_id=${school.id}`);
  expect(list.status).toBe(200);
  expect(list.body.carried_pending_centavos).toBe(300_000 - part);

  const big = await kit.cardDay(2, [500_000]);
  const taken = await kit.schedule(big.day);
  expect(taken.status).toBe(201);
  expect(taken.body.carried_centavos).toBe(300_000 - part);
  const deduction = async (payoutId: string) =>
    payoutDetailSchema.parse((await h.call(h.staff('ACCOUNTANT'), `${PAYOUTS}${payoutId}/`)).body)
      .deductions;
  expect(await deduction(smallPayout.body.id)).toEqual([
    expect.objectContaining({ reversal_id: reversalId, amount_centavos: part, carried: true }),
  ]);
  expect(await deduction(taken.body.id)).toEqual([
    expect.objectContaining({ reversal_id: reversalId, amount_centavos: 300_000 - part }),
  ]);
  // The day-by-day list counts the refund by the payouts that deduct it, not the day it was
  // applied (today, whose own payments owe nothing).
  const days = await h.call(
    h.staff('ACCOUNTANT'),
    `/api/v1/dashboard/schools/${school.id}/payouts/?from=${small.day}&to=${mexicoCityDate(new Date())}`,
  );
  const shown = (d: string) =>
    days.body.results.find((r: { collected_on: string }) => r.collected_on === d);
  expect(shown(small.day)).toMatchObject({
    reversed_centavos: part,
    amount_centavos: 100_000 - part,
  });
  expect(shown(big.day)).toMatchObject({ reversed_centavos: 300_000 - part });
  expect(
    days.body.results.map((r: { reversed_centavos: number }) => r.reversed_centavos),
  ).not.toContain(300_000);
  await kit.paidOut(smallPayout.body.id);
  await kit.paidOut(taken.body.id);
  const after = await h.call(h.staff('ACCOUNTANT'), `${PAYOUTS}?school_id=${school.id}`);
  expect(after.body.carried_pending_centavos).toBe(0);
  expect(await clearing()).toBe(0);
  expect((await h.ledgerCheck()).ok).toBe(true);
});
