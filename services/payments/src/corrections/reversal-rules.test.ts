import type { OrderAllocation } from '../allocation/allocation-rules';
import { stillHeld, takeBack } from './reversal-rules';

const order = (id: string, base: number, lateFee = 0): OrderAllocation => ({
  orderId: id,
  studentId: 'ana',
  conceptId: 'colegiatura',
  conceptName: 'Colegiatura',
  conceptType: 'MONTHLY_FEE',
  period: '2026-03',
  baseCentavos: base,
  lateFeeCentavos: lateFee,
});

test('a partial refund takes the credit first, then the newest order, base before late fee', () => {
  const paid = [order('marzo', 350_000, 20_000), order('abril', 350_000, 10_000)];
  expect(takeBack(paid, { left: 5_000, untaken: 5_000 }, 200_000)).toEqual({
    creditCentavos: 5_000,
    owedCentavos: 0,
    allocations: [order('abril', 195_000, 0)],
  });
  expect(takeBack(paid, { left: 0, untaken: 0 }, 400_000)).toEqual({
    creditCentavos: 0,
    owedCentavos: 0,
    allocations: [order('abril', 350_000, 10_000), order('marzo', 40_000, 0)],
  });
});

test('a whole refund takes everything back; more than the payin holds throws', () => {
  const paid = [order('marzo', 350_000, 20_000)];
  expect(takeBack(paid, { left: 30_000, untaken: 30_000 }, 400_000)).toEqual({
    creditCentavos: 30_000,
    owedCentavos: 0,
    allocations: [order('marzo', 350_000, 20_000)],
  });
  expect(() => takeBack(paid, { left: 30_000, untaken: 30_000 }, 400_001)).toThrow(RangeError);
});

test('credit spent on other orders is taken from the orders first, then owed by the family', () => {
  const paid = [order('marzo', 350_000)];
  // $300 of the payin's $500 credit paid a sibling's order: $200 remain in the balance.
  const credit = { left: 20_000, untaken: 50_000 };
  expect(takeBack(paid, credit, 100_000)).toEqual({
    creditCentavos: 20_000,
    owedCentavos: 0,
    allocations: [order('marzo', 80_000)],
  });
  expect(takeBack(paid, credit, 400_000)).toEqual({
    creditCentavos: 20_000,
    owedCentavos: 30_000,
    allocations: [order('marzo', 350_000)],
  });
  expect(() => takeBack(paid, credit, 400_001)).toThrow(RangeError);
});

test('what a payin still holds is its allocations less earlier reversals', () => {
  const paid = [order('marzo', 350_000, 20_000), order('abril', 350_000)];
  const reversed = [order('abril', -350_000), order('marzo', -50_000)];
  expect(stillHeld(paid, reversed)).toEqual([order('marzo', 300_000, 20_000)]);
});
