import fc from 'fast-check';
import { adjustmentEffect } from './adjustment-rules';

describe('adjustmentEffect (billing.order.adjusted, ADR 0036)', () => {
  test('a scholarship on an unpaid order only lowers the receivable', () => {
    expect(adjustmentEffect(350_000, 300_000, 0)).toEqual({
      revenue: 50_000,
      receivable: 50_000,
      credit: 0,
    });
  });

  test('on a paid order the reduction is the family’s credit', () => {
    expect(adjustmentEffect(530_000, 400_000, 530_000)).toEqual({
      revenue: 130_000,
      receivable: 0,
      credit: 130_000,
    });
  });

  test('partly paid: what was paid above the new total is credit, the rest receivable', () => {
    expect(adjustmentEffect(350_000, 100_000, 200_000)).toEqual({
      revenue: 250_000,
      receivable: 150_000,
      credit: 100_000,
    });
  });

  test('a surcharge adds to the receivable and makes no credit', () => {
    expect(adjustmentEffect(350_000, 400_000, 350_000)).toEqual({
      revenue: -50_000,
      receivable: -50_000,
      credit: 0,
    });
  });

  test('the lines always balance and credit never exceeds what was paid', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        (previous, next, paidRaw) => {
          const paid = Math.min(paidRaw, previous);
          const e = adjustmentEffect(previous, next, paid);
          return e.revenue === e.receivable + e.credit && e.credit >= 0 && e.credit <= paid;
        },
      ),
    );
  });
});
