import fc from 'fast-check';
import type { LateFee } from '@cuota/contracts/billing/concepts';
import type { OrderTerms } from './order-rules';

/** An unpaid $4,850 order due 2026-09-10 with no late fee, for the rules' tests. */
export const orderTerms = (over: Partial<OrderTerms> = {}): OrderTerms => ({
  totalCentavos: 485_000,
  dueOn: '2026-09-10',
  lateFee: null,
  interestForgiven: false,
  earlyPayment: null,
  paidBaseCentavos: 0,
  paidLateFeeCentavos: 0,
  paidDiscountCentavos: 0,
  paidOn: null,
  waitingPayinId: null,
  ...over,
});

/** Any late-fee rule a concept may carry, or none. */
export const lateFeeArbitrary: fc.Arbitrary<LateFee | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    kind: fc.constant('FIXED' as const),
    amount_centavos: fc.integer({ min: 1, max: 1_000_000 }),
    grace_days: fc.integer({ min: 0, max: 90 }),
  }),
  fc.record({
    kind: fc.constant('PERCENT' as const),
    basis_points: fc.integer({ min: 1, max: 10_000 }),
    grace_days: fc.integer({ min: 0, max: 90 }),
    cap_centavos: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
  }),
);
