import fc from 'fast-check';
import type { LateFee } from '@cuota/contracts/billing/concepts';
import { addDays, addMonths } from './calendar';
import { quoteOrder } from './order-quote';
import { applyAllocation, lateFeeAsOf, reverseAllocation, type OrderTerms } from './order-rules';
import { lateFeeArbitrary as lateFee, orderTerms as order } from './order-terms-fixture';
const percent = (basis_points: number, cap_centavos: number | null, grace_days = 5): LateFee => ({
  kind: 'PERCENT',
  basis_points,
  grace_days,
  cap_centavos,
});

describe('late fee', () => {
  test('nothing through the grace days; a fixed fee once the day after', () => {
    const o = order({ lateFee: { kind: 'FIXED', amount_centavos: 15_000, grace_days: 5 } });
    expect(lateFeeAsOf(o, '2026-09-15')).toBe(0);
    expect(lateFeeAsOf(o, '2026-09-16')).toBe(15_000);
    expect(lateFeeAsOf(o, '2027-03-01')).toBe(15_000);
  });

  test('a percentage for every month or part of one after the grace, up to the cap', () => {
    const o = order({ lateFee: percent(500, 60_000) });
    expect(lateFeeAsOf(o, '2026-09-16')).toBe(24_250);
    expect(lateFeeAsOf(o, '2026-10-15')).toBe(24_250);
    expect(lateFeeAsOf(o, '2026-10-16')).toBe(48_500);
    expect(lateFeeAsOf(o, '2026-12-01')).toBe(60_000);
  });

  test('counts started months the same way from one day to centuries ahead', () => {
    const o = order({ lateFee: percent(100, null, 0), dueOn: '2026-01-31' });
    expect(lateFeeAsOf(o, '2026-02-28')).toBe(4_850);
    expect(lateFeeAsOf(o, '2026-03-01')).toBe(2 * 4_850);
    expect(lateFeeAsOf(o, '2126-01-31')).toBe(1_200 * 4_850);
    expect(lateFeeAsOf(o, '2126-02-01')).toBe(1_201 * 4_850);
  });

  test('stops on the day the base was paid in full', () => {
    const o = order({ lateFee: percent(500, null), paidOn: '2026-10-01' });
    expect(lateFeeAsOf(o, '2027-06-01')).toBe(lateFeeAsOf(o, '2026-10-01'));
  });
});

describe('status follows the amounts', () => {
  test('not paid, partly paid, waiting for a card, paid', () => {
    expect(quoteOrder(order(), '2026-09-01').status).toBe('NOT_PAID');
    expect(quoteOrder(order({ paidBaseCentavos: 100 }), '2026-09-01')).toMatchObject({
      status: 'PARTIAL_PAID',
      pendingCentavos: 484_900,
    });
    expect(quoteOrder(order({ waitingPayinId: 'p-1' }), '2026-09-01').status).toBe('WAITING_PAID');
    const paid = order({ paidBaseCentavos: 485_000, paidOn: '2026-09-01' });
    expect(quoteOrder(paid, '2026-12-01')).toMatchObject({ status: 'PAID', pendingCentavos: 0 });
  });
});

const date = fc
  .date({
    min: new Date('2026-01-01T00:00:00Z'),
    max: new Date('2029-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const terms = fc.record({
  totalCentavos: fc.integer({ min: 1, max: 1_000_000_000 }),
  dueOn: date,
  lateFee,
  interestForgiven: fc.boolean(),
  earlyPayment: fc.constant(null),
  paidBaseCentavos: fc.constant(0),
  paidLateFeeCentavos: fc.constant(0),
  paidDiscountCentavos: fc.constant(0),
  paidOn: fc.constant(null),
  waitingPayinId: fc.option(fc.constant('payin'), { nil: null }),
});
const allocation = fc.record({
  baseCentavos: fc.integer({ min: -1_000, max: 2_000_000_000 }),
  lateFeeCentavos: fc.integer({ min: -1_000, max: 1_000_000 }),
  discountCentavos: fc.integer({ min: -1_000, max: 1_000_000 }),
});

describe('properties', () => {
  test('the late fee for a date is the same whenever computed, and never shrinks later', () => {
    fc.assert(
      fc.property(terms, date, fc.integer({ min: 0, max: 400 }), (o, asOf, later) => {
        expect(lateFeeAsOf(o, asOf)).toBe(lateFeeAsOf({ ...o }, asOf));
        expect(lateFeeAsOf(o, addDays(asOf, later))).toBeGreaterThanOrEqual(lateFeeAsOf(o, asOf));
      }),
    );
  });

  test('allocations never exceed the amount; amounts never go negative; status matches', () => {
    fc.assert(
      fc.property(
        terms,
        fc.array(fc.tuple(allocation, date), { maxLength: 8 }),
        date,
        (start, payments, asOf) => {
          let o: OrderTerms = start;
          for (const [a, on] of payments) o = { ...o, ...applyAllocation(o, a, on) };
          expect(o.paidBaseCentavos).toBeLessThanOrEqual(o.totalCentavos);
          expect(o.paidDiscountCentavos).toBeLessThanOrEqual(o.paidBaseCentavos);
          expect(o.paidBaseCentavos).toBeGreaterThanOrEqual(0);
          const x = quoteOrder(o, asOf);
          for (const v of [
            x.lateFeeCentavos,
            x.pendingBaseCentavos,
            x.lateFeeDueCentavos,
            x.pendingCentavos,
          ])
            expect(v).toBeGreaterThanOrEqual(0);
          expect(x.status === 'PAID').toBe(x.pendingCentavos === 0);
          if (x.pendingCentavos > 0 && o.waitingPayinId === null)
            expect(x.status).toBe(
              o.paidBaseCentavos + o.paidLateFeeCentavos > 0 ? 'PARTIAL_PAID' : 'NOT_PAID',
            );
        },
      ),
    );
  });

  test('a reversal takes back at most what its payin paid, and reopens what it took', () => {
    fc.assert(
      fc.property(terms, allocation, allocation, date, (start, paid, reversed, asOf) => {
        const payin = applyAllocation(start, paid, '2026-09-01');
        const o: OrderTerms = { ...start, ...payin };
        const back = reverseAllocation(o, payin, reversed);
        const after: OrderTerms = { ...o, ...back };
        expect(back.baseCentavos).toBeLessThanOrEqual(payin.baseCentavos);
        expect(back.lateFeeCentavos).toBeLessThanOrEqual(payin.lateFeeCentavos);
        expect(after.paidBaseCentavos).toBeGreaterThanOrEqual(0);
        expect(after.paidLateFeeCentavos).toBeGreaterThanOrEqual(0);
        expect(after.paidDiscountCentavos).toBeGreaterThanOrEqual(0);
        expect(after.paidDiscountCentavos).toBeLessThanOrEqual(after.paidBaseCentavos);
        if (back.baseCentavos > 0) expect(quoteOrder(after, asOf).status).not.toBe('PAID');
        // Everything back: the order is as it was before the payment.
        const whole = reverseAllocation(o, payin, payin);
        expect(whole).toMatchObject({
          paidBaseCentavos: 0,
          paidLateFeeCentavos: 0,
          paidDiscountCentavos: 0,
          paidOn: null,
        });
      }),
    );
  });

  test('the month count is the smallest whose anniversary reaches the date', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 2_000 }), (due, days) => {
        const o = order({ dueOn: due, lateFee: percent(1, null, 0), totalCentavos: 10_000 });
        const asOf = addDays(due, days);
        const months = lateFeeAsOf(o, asOf);
        expect(addMonths(due, months) >= asOf).toBe(true);
        expect(addMonths(due, months - 1) < asOf).toBe(true);
      }),
    );
  });

  test('a month later is never more than 31 days and keeps the order of dates', () => {
    fc.assert(
      fc.property(date, date, (a, b) => {
        expect(addMonths(a, 1) > a).toBe(true);
        if (a <= b) expect(addMonths(a, 1) <= addMonths(b, 1)).toBe(true);
      }),
    );
  });
});
