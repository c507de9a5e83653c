import { randomUUID } from 'node:crypto';
import { waitFor } from '@cuota/testing/wait-for';
import { insertCardPayin } from '../payins/payin-repository';
import type { PaymentsHarness, SchoolFixture } from './payments-harness';

/**
 * Card payins whose gateway answer was lost (reconciliation's and the operators' cases), for
 * the harness and school a test file started (read lazily: they exist after beforeAll).
 */
export function lostCharges(harness: () => PaymentsHarness, fixture: () => SchoolFixture) {
  return {
    /** A pending card payin as checkout leaves it right before charging (then the process died). */
    async payinLeftBeforeCharge() {
      const [h, school] = [harness(), fixture()];
      const [order] = await h.bill(school, [school.families[0]!.studentIds[0]!], {
        period: `2025-${String(Math.floor(Math.random() * 12) + 1).padStart(2, '0')}`,
      });
      await waitFor(async () => (await h.ledgerCheck()).ok); // the order's receivable is posted
      const payin = await h.service.db.transaction((tx) =>
        insertCardPayin(
          tx,
          {
            schoolId: school.id,
            amountCentavos: order!.amount,
            guardianId: school.families[0]!.guardianId,
            studentIds: [order!.studentId],
            idempotencyKey: `pago-${randomUUID()}`,
            requestHash: 'x',
            gatewayEnvironment: 'sandbox',
            publicMerchantId: school.publicMerchantId,
            quotedAfterSeq: 0,
          },
          [
            {
              orderId: order!.id,
              studentId: order!.studentId,
              conceptId: 'concepto-Colegiatura',
              conceptName: 'Colegiatura',
              conceptType: 'MONTHLY_FEE',
              period: order!.period,
              dueOn: order!.dueOn,
              baseCentavos: order!.amount,
              lateFeeCentavos: 0,
              orderAmountCentavos: order!.amount,
              orderLateFeeCentavos: 0,
            },
          ],
        ),
      );
      return { payin: payin!, order: order! };
    },

    /**
     * A charge straight at the gateway with this id in its metadata: the payin's, as payments
     * makes it just before a crash that loses the answer, or another when the link is lost too.
     */
    async chargeBehindPayments(card: string, amount: number, payinId: string) {
      const [h, school] = [harness(), fixture()];
      const token = await h.tokenize(school, card, amount);
      return fetch(`${h.sandbox.url}/card/v1/charges`, {
        method: 'POST',
        headers: {
          'Private-Merchant-Id': school.privateMerchantId,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          token,
          amount: { subtotalIva: 0, subtotalIva0: amount / 100, iva: 0, ice: 0, currency: 'MXN' },
          metadata: { payment_id: payinId },
        }),
      });
    },
  };
}
