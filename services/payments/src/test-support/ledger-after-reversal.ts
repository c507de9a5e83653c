import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from './payments-harness';
import type { BilledOrder } from './real-billing';

/**
 * The ledger balances, and its receivable is billing's open amount plus what billing has not
 * reopened yet: billing reopens orders from payments.payin.reversed (its consumer is billing's
 * issue 17); until it does, the difference is exactly the reversed base of the orders
 * billing still shows as paid (`reopened`: each reversed order and its reversed base).
 */
export async function ledgerIsRight(
  h: PaymentsHarness,
  school: SchoolFixture,
  reopened: { order: BilledOrder; base: number }[],
) {
  await waitFor(async () => {
    const report = await h.ledgerCheck();
    expect(report.balanced).toBe(true);
    let notReopened = 0;
    for (const { order, base } of reopened)
      if ((await h.realBilling.order(school.id, order.id)).paid_centavos === order.amount)
        notReopened += base;
    const mine = report.schools.find((s) => s.school_id === school.id)!;
    expect(mine.ledger_centavos - mine.billing_centavos).toBe(notReopened);
    return true;
  });
}
