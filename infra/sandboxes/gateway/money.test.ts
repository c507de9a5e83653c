import { centavosToPesos, formatPesos, parseDecimalPesos, pesosToCentavos } from './money.ts';

test('Kushki decimal pesos become exact centavos and back', () => {
  expect(pesosToCentavos(1234.5)).toBe(123_450);
  expect(pesosToCentavos(19.99)).toBe(1_999);
  expect(pesosToCentavos(0.07)).toBe(7);
  expect(pesosToCentavos(3450)).toBe(345_000);
  expect(centavosToPesos(1_999)).toBe(19.99);
  expect(JSON.stringify({ amount: centavosToPesos(123_450) })).toBe('{"amount":1234.5}');
});

test('anything finer than a centavo, negative or not finite is refused', () => {
  expect(pesosToCentavos(0.1 + 0.2)).toBeNull();
  expect(pesosToCentavos(10.005)).toBeNull();
  expect(pesosToCentavos(-5)).toBeNull();
  expect(pesosToCentavos(1e21)).toBeNull();
  expect(pesosToCentavos(Number.NaN)).toBeNull();
  expect(parseDecimalPesos('3,450.00')).toBeNull();
  expect(parseDecimalPesos('3450.00')).toBe(345_000);
});

test('amounts read in Mexican pesos', () => {
  expect(formatPesos(345_000)).toBe('$3,450.00');
});
