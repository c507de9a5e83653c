import { randomUUID } from 'node:crypto';
import { payoutListSchema } from '@cuota/contracts/payments/payouts';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import { nextBusinessDay } from './payout-rules';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_payouts' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 90_000);
afterAll(() => h?.stop());

const path = (schoolId = school.id) => `/api/v1/dashboard/schools/${schoolId}/payouts/`;

test("a day's card payments are one scheduled payout to the school's account; cash is not", async () => {
  const kid = school.families[0]!.studentIds[0]!;
  const [march] = await h.bill(school, [kid], { period: '2026-03' });
  const [april] = await h.bill(school, [kid], { period: '2026-04', dueOn: '2026-04-10' });
  const card = await h.checkout(school, [march!]);
  await h.waitForStatus(card.body.id, 'success');
  const cash = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: { student_id: kid, amount_centavos: april!.amount, method: 'cash' },
      headers: { 'idempotency-key': randomUUID() },
    },
  );
  expect(cash.status).toBe(201);
  const account = await h.call(
    h.staff('OWNER'),
    `/api/v1/dashboard/schools/${school.id}/bank_accounts/`,
    {
      method: 'POST',
      json: { clabe: '002010077777777771', holder_name: 'Colegio Demo SC' },
      headers: { 'idempotency-key': randomUUID() },
    },
  );
  expect(account.status).toBe(201);

  // The day it was paid, asked for by name: the test passes at midnight and on the 1st.
  const { rows } = await h.books.$client.query('SELECT paid_at FROM payins WHERE id = $1', [
    card.body.id,
  ]);
  const today = mexicoCityDate(rows[0].paid_at);
  const res = await h.call(h.staff('ACCOUNTANT'), `${path()}?from=${today}&to=${today}`);
  expect(res.status).toBe(200);
  expect(payoutListSchema.parse(res.body)).toMatchObject({
    to: today,
    total_centavos: 350_000,
    results: [
      {
        collected_on: today,
        scheduled_on: nextBusinessDay(today),
        status: 'SCHEDULED',
        payins: 1,
        collected_centavos: 350_000,
        reversed_centavos: 0,
        amount_centavos: 350_000,
        bank_account: { id: account.body.id, clabe: '002010077777777771' },
      },
    ],
  });
});

test('who may see payouts: payouts.read in the school', async () => {
  expect((await h.call(h.staff('CASH_COLLECTION'), path())).status).toBe(403);
  expect((await h.call(h.guardian(school), path())).status).toBe(403);
  expect((await h.call(h.staff('OWNER'), path(other.id))).status).toBe(404);
  const wide = await h.call(h.staff('OWNER'), `${path()}?from=2024-01-01&to=2026-01-02`);
  expect(wide.status).toBe(400);
});
