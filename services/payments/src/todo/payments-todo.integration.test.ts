import { randomUUID } from 'node:crypto';
import { paymentsTodoSchema } from '@cuota/contracts/payments/endpoints/payments-todo';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { payoutKit } from '../test-support/payout-kit';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(120_000);

/** Inicio's «Pendientes» from payments: a reported transfer and a scheduled payout. */
let h: PaymentsHarness;
let school: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_todo' });
  school = h.schools[0]!;
  const kit = payoutKit(h, school);
  await kit.addAccount('012180000000000015');
  const day = await kit.cardDay(2, [100_000]);
  expect((await kit.schedule(day.day)).status).toBe(201);
  const luis = school.families[0]!.studentIds[1]!;
  const [march] = await h.bill(school, [luis], { period: '2026-03', dueOn: '2026-03-10' });
  // The family names the payin its report creates (ADR 0036).
  const reported = await h.call(
    h.guardian(school),
    `/api/v1/schools/${school.id}/payins/${randomUUID()}/report-as-paid/`,
    {
      method: 'POST',
      json: {
        student_id: luis,
        order_ids: [march!.id],
        amount_centavos: march!.amount,
        paid_on: '2026-03-05',
        reference: 'MBAN01002603050001',
      },
      headers: { 'idempotency-key': randomUUID() },
    },
  );
  expect(reported.status).toBe(201);
}, 120_000);
afterAll(() => h?.stop());

const todo = (claims: IdentityClaims, schoolId = school.id) =>
  h.call(claims, `/api/v1/dashboard/schools/${schoolId}/payments_todo/`);
const as = (role: StaffRole) => h.staff(role);

test('a treasurer learns the transfer to confirm and the payout to approve', async () => {
  const answer = await todo(as('TREASURER'));
  expect(answer.status).toBe(200);
  expect(paymentsTodoSchema.parse(answer.body)).toEqual({
    reported_transfers: 1,
    scheduled_payouts: 1,
  });
});

test("a cashier and an accountant see the transfers, not the payouts' count", async () => {
  for (const role of ['CASH_COLLECTION', 'ACCOUNTANT'] as const)
    expect((await todo(as(role))).body).toEqual({ reported_transfers: 1, scheduled_payouts: null });
});

test('a role without payments.read is refused; another school is not found', async () => {
  expect((await todo(as('ADMISSIONS'))).status).toBe(403);
  expect((await todo(h.staff('OWNER', h.schools[1]!), school.id)).status).toBe(404);
  expect((await todo(h.guardian(school))).status).toBe(403);
});
