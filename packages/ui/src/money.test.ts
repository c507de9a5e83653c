import { centavosToDecimal, formatMoney, parseMoney } from '@cuota/ui/money';

test('formats integer centavos as Mexican pesos', () => {
  expect(formatMoney(123450)).toBe('$1,234.50');
  expect(formatMoney(5)).toBe('$0.05');
  expect(formatMoney(0)).toBe('$0.00');
  expect(formatMoney(-250075)).toBe('-$2,500.75');
});

test('amounts beyond what a float keeps to the centavo stay exact', () => {
  // 2^53 - 1 centavos: as a float in pesos this would lose its last digit.
  expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  expect(centavosToDecimal(-7)).toBe('-0.07');
});

test('fractions of a centavo are a programming error, not something to round', () => {
  expect(() => formatMoney(10.5)).toThrow(RangeError);
  expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
});

test('reads amounts as people type them, in centavos', () => {
  expect(parseMoney('1,234.50')).toBe(123450);
  expect(parseMoney('$ 1234.5')).toBe(123450);
  expect(parseMoney('0.07')).toBe(7);
  expect(parseMoney(' 80 ')).toBe(8000);
  // 0.1 + 0.2 in floats is not 0.3; integer centavos are.
  expect(parseMoney('0.30')).toBe(30);
});

test.each(['', 'abc', '1.234', '12,34', '1,2345.00', '-5', '1.2.3'])(
  '%j is not an amount',
  (text) => {
    expect(parseMoney(text)).toBeNull();
  },
);
