/**
 * A checkout prices its orders on the allocations its opening read saw, before billing's
 * quote (issue 18, one statement fewer): when money is applied to those orders while billing
 * quotes, the payin is priced again on the allocations as they stand after the quote, as it
 * was when they were only read then — the family is charged what is still due, not twice.
 */
import { randomUUID } from 'node:crypto';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { CARDS } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import { startCheckout } from './start-checkout';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'priced_before_quote' });
  [school] = h.schools as [SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

/** 500 pesos in cash at the desk for one order of the student: allocated to it at once. */
async function paidAtDesk(studentId: string, orderId: string) {
  const res = await h.call(
    h.staff('CASH_COLLECTION'),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: {
        student_id: studentId,
        amount_centavos: 50_000,
        method: 'cash',
        order_ids: [orderId],
      },
      headers: { 'idempotency-key': `caja-${randomUUID()}` },
    },
  );
  expect(res.status).toBe(201);
}

type Billing = PaymentsHarness['deps']['billing'];

type Step = (studentId: string, orderId: string) => Promise<void>;

/**
 * A card checkout of a new 2,000-peso order of the family's first student: `before` runs
 * before the checkout, `meanwhile` while billing quotes (after the opening read). The
 * answer's status, the payin's amount and its item's (its students checked).
 */
async function checkout(
  family: number,
  { before, meanwhile }: { before?: Step; meanwhile?: Step },
) {
  const { guardianId, studentIds } = school.families[family]!;
  const [order] = await h.bill(school, [studentIds[0]!], { amount: 200_000 });
  await before?.(studentIds[0]!, order!.id);
  const billing = {
    quote: async (...args: Parameters<Billing['quote']>) => {
      const quoted = await h.deps.billing.quote(...args);
      await meanwhile?.(studentIds[0]!, order!.id);
      return quoted;
    },
  } as Billing;
  const answer = await startCheckout(
    { ...h.deps, billing },
    guardianId,
    {
      school_id: school.id,
      items: [{ order_id: order!.id, counter: 1 }],
      card: { token: await h.tokenize(school, CARDS.approved, 150_000) },
    },
    `pago-${randomUUID()}`,
  );
  const { rows } = await h.books.$client.query<{
    amount: number;
    base: number;
    students: string[];
  }>(
    `SELECT p.amount_centavos::int AS amount, i.base_centavos::int AS base, p.student_ids AS students
       FROM payins p JOIN payin_items i ON i.payin_id = p.id WHERE p.id = $1`,
    [answer.payment.id],
  );
  const { students, ...amounts } = rows[0]!;
  expect(students).toEqual([studentIds[0]]);
  return { status: answer.status, ...amounts };
}

test('money applied before the opening read is not charged again', async () => {
  expect(await checkout(0, { before: paidAtDesk })).toEqual({
    status: 202,
    amount: 150_000,
    base: 150_000,
  });
});

test('money applied to the order while billing quotes is not charged again', async () => {
  expect(await checkout(1, { meanwhile: paidAtDesk })).toEqual({
    status: 202,
    amount: 150_000,
    base: 150_000,
  });
});
