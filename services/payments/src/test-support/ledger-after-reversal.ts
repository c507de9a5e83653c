import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from './payments-harness';
import type { BilledOrder } from './real-billing';

/**
 * After a reversal the books match billing again: billing reopened each reversed order by its
 * reversed base (from payments.payin.reversed), the ledger balances and its receivable is
 * billing's open amount for the school (`reopened`: each reversed order and its reversed base).
 */
export async function ledgerIsRight(
  h: PaymentsHarness,
  school: SchoolFixture,
  reopened: { order: BilledOrder; base: number }[],
) {
  await waitFor(async () => {
    for (const { order, base } of reopened)
      expect((await h.realBilling.order(school.id, order.id)).paid_centavos).toBe(
        order.amount - base,
      );
    const report = await h.ledgerCheck();
    expect(report.balanced).toBe(true);
    const mine = report.schools.find((s) => s.school_id === school.id)!;
    expect(mine.ledger_centavos).toBe(mine.billing_centavos);
    return true;
  });
}
