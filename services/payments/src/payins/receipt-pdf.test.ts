import { ivaIncluded } from './receipt-pdf';

test('a store line shows the IVA its price includes, by the item’s tax kind', () => {
  expect(ivaIncluded('IVA_16', 700_00)).toBe('16 % · $96.55');
  expect(ivaIncluded('IVA_16', 4)).toBe('16 % · $0.01');
  expect(ivaIncluded('IVA_0', 420_00)).toBe('0 %');
  expect(ivaIncluded('EXENTO', 100_00)).toBe('Exento');
});
