import { FIGURES_SPAN_MESSAGE } from '@cuota/contracts/payments/figures';
import { listPayouts } from '@cuota/contracts/payments/endpoints/payouts';
import { badRequest } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { bankAccountsOf } from '../bank-accounts/bank-account-repository';
import { paidByDay, reversedByDay } from '../figures/figures-repository';
import { rangeOf } from '../figures/figures-rules';
import type { PaymentsDeps } from '../payments-deps';
import { payoutsOf } from './payout-rules';

/** The school's payouts read from its card payins (ADR 0036); none is executed yet. */
export function payoutHandlers(deps: PaymentsDeps) {
  const { db } = deps;
  return [
    implement(listPayouts, async ({ params, query }) => {
      const range = rangeOf(query, deps.now());
      if (!range) throw badRequest(FIGURES_SPAN_MESSAGE);
      const r = { schoolId: params.id, ...range };
      const [paid, reversed, accounts] = await Promise.all([
        paidByDay(db, r),
        reversedByDay(db, r),
        bankAccountsOf(db, params.id),
      ]);
      const first = accounts[0];
      const results = payoutsOf(
        paid,
        reversed,
        first ? { id: first.id, bank_name: first.bank_name, clabe: first.clabe } : null,
      );
      return {
        ...range,
        results,
        total_centavos: results.reduce((s, p) => s + p.amount_centavos, 0),
      };
    }),
  ];
}
