import { randomUUID } from 'node:crypto';
import { waitFor } from '@cuota/testing/wait-for';
import { balancesOfSchool } from '../ledger/ledger-repository';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_family_credit' });
}, 60_000);
afterAll(() => h?.stop());

const credit = async (school: SchoolFixture, student: string) =>
  -((await balancesOfSchool(h.service.db, school.id))[`credit:${student}`] ?? 0) || 0;

/** A desk payment when the family owes nothing: all of it is the student's credit. */
async function creditAtDesk(school: SchoolFixture, student: string, amount: number) {
  const paid = await h.call(
    h.staff('CASH_COLLECTION', school),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: { student_id: student, amount_centavos: amount, method: 'cash', confirm_excess: true },
      headers: { 'idempotency-key': `saldo-${randomUUID()}` },
    },
  );
  expect(paid.body.credit_created_centavos).toBe(amount);
}

const ledgerMatchesBilling = () => waitFor(async () => (await h.ledgerCheck()).ok);

test('a child’s credit pays the own order, then the sibling’s, never another family’s', async () => {
  const school = h.schools[0]!;
  const [ana, luis] = school.families[0]!.studentIds as [string, string];
  const sofia = school.families[1]!.studentIds[0]!;
  await creditAtDesk(school, ana, 400_000);
  // The bill run bills every student of the level: Ana, Luis and Sofía, $3,500 each.
  const [anaMarch, luisMarch, sofiaMarch] = await h.bill(school, [ana, luis, sofia], {
    period: '2026-03',
  });
  await h.realBilling.waitForPaid(anaMarch!);
  await h.realBilling.waitForPaid(luisMarch!, 50_000);
  expect(await credit(school, ana)).toBe(0);
  expect((await h.realBilling.order(school.id, sofiaMarch!.id)).paid_centavos).toBe(0);
  await ledgerMatchesBilling();
});

test('each child’s own credit pays their own order before a sibling’s credit does', async () => {
  const school = h.schools[1]!;
  const [ana, luis] = school.families[0]!.studentIds as [string, string];
  const sofia = school.families[1]!.studentIds[0]!;
  await creditAtDesk(school, ana, 100_000);
  await creditAtDesk(school, luis, 400_000);
  // The bill run bills every student of the level: Ana, Luis and Sofía, $1,500 each.
  const [anaApril, luisApril, sofiaApril] = await h.bill(school, [ana, luis, sofia], {
    period: '2026-04',
    amount: 150_000,
  });
  await h.realBilling.waitForPaid(anaApril!);
  await h.realBilling.waitForPaid(luisApril!);
  // Ana's 1,000 on her own order first; Luis's 1,500 on his, then 500 on what Ana still owed.
  expect(await credit(school, ana)).toBe(0);
  expect(await credit(school, luis)).toBe(200_000);
  expect((await h.realBilling.order(school.id, sofiaApril!.id)).paid_centavos).toBe(0);
  await ledgerMatchesBilling();
});
