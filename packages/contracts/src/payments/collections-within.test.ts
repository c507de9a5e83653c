import type { Collections } from '@cuota/contracts/payments/figures';
import { collectionsWithin } from './collections-within';

const sums = (collected: number, reversed = 0, payins = 1) => ({
  payins,
  collected_centavos: collected,
  reversed_centavos: reversed,
  net_centavos: collected - reversed,
});

const october: Collections = {
  from: '2026-10-01',
  to: '2026-10-31',
  days: [
    { date: '2026-10-02', method: 'transfer', ...sums(485_000) },
    { date: '2026-10-18', method: 'cash', ...sums(150_000, 50_000, 2) },
    { date: '2026-10-18', method: 'credit_card', ...sums(0, 20_000, 0) },
    { date: '2026-10-18', method: 'transfer', ...sums(100_000) },
    { date: '2026-10-19', method: 'credit_card', ...sums(300_000) },
  ],
  by_method: [],
  total: sums(0),
};

test('the days of a range inside a read, summed by method (first seen first) and in all', () => {
  expect(collectionsWithin(october, { from: '2026-10-01', to: '2026-10-18' })).toEqual({
    from: '2026-10-01',
    to: '2026-10-18',
    days: october.days.slice(0, 4),
    by_method: [
      { method: 'transfer', ...sums(585_000, 0, 2) },
      { method: 'cash', ...sums(150_000, 50_000, 2) },
      { method: 'credit_card', ...sums(0, 20_000, 0) },
    ],
    total: sums(735_000, 70_000, 4),
  });
});

test('one day, and a day without money: no rows, zero totals', () => {
  expect(collectionsWithin(october, { from: '2026-10-19', to: '2026-10-19' })).toMatchObject({
    by_method: [{ method: 'credit_card', ...sums(300_000) }],
    total: sums(300_000),
  });
  expect(collectionsWithin(october, { from: '2026-10-20', to: '2026-10-20' })).toEqual({
    from: '2026-10-20',
    to: '2026-10-20',
    days: [],
    by_method: [],
    total: sums(0, 0, 0),
  });
});

test('a range the read does not hold is refused, not answered short', () => {
  expect(() => collectionsWithin(october, { from: '2026-09-30', to: '2026-10-18' })).toThrow(
    RangeError,
  );
  expect(() => collectionsWithin(october, { from: '2026-10-18', to: '2026-11-01' })).toThrow(
    RangeError,
  );
});
