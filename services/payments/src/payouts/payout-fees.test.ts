import { BANK_HOLIDAYS } from './bank-holidays';
import { feeOfSale, feeOfSales } from './payout-fees';

test("a card sale's fee: 2.9 % plus $2.50, and IVA on that commission, in whole centavos", () => {
  // $3,500.00: 2.9 % = $101.50, + $2.50 = $104.00, + 16 % IVA = $120.64.
  expect(feeOfSale(350_000)).toBe(12_064);
  // $1.00: 3 centavos + 250 = 253, IVA 40.48 → 40: 293.
  expect(feeOfSale(100)).toBe(293);
  expect(feeOfSales([350_000, 100])).toBe(12_357);
});

test('the bank-holiday calendar has each year in order, eleven days each', () => {
  for (const year of [2026, 2027]) {
    const dates = BANK_HOLIDAYS[year]!.map((h) => h.date);
    expect(dates).toHaveLength(11);
    expect([...dates].sort()).toEqual(dates);
    expect(dates.every((d) => d.startsWith(`${year}-`))).toBe(true);
  }
});
