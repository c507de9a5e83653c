import { add, compare, formatDecimal, multiply, parseDecimal, roundTo } from './sat-decimal.ts';

const d = parseDecimal;
const f = formatDecimal;

test('sums and products are exact at any number of decimals', () => {
  expect(f(add(d('0.1'), d('0.2')))).toBe('0.3');
  expect(f(multiply(d('900.005'), d('0.160000')))).toBe('144.000800000');
  expect(compare(d('3500'), d('3500.000000'))).toBe(0);
  expect(f(d('-0.05'))).toBe('-0.05');
});

test.each([
  ['197.5296', 'half-up', '197.53'],
  ['197.525', 'half-up', '197.53'],
  ['197.5249', 'half-up', '197.52'],
  ['-0.125', 'half-up', '-0.13'],
  ['143.9992', 'floor', '143.99'],
  ['144.0008', 'ceil', '144.01'],
  ['-1.001', 'floor', '-1.01'],
  ['-1.009', 'ceil', '-1.00'],
  ['5', 'ceil', '5.00'],
] as const)('%s rounded %s to 2 decimals is %s', (value, rounding, expected) => {
  expect(f(roundTo(d(value), 2, rounding))).toBe(expected);
});

test('text that is not a decimal is refused', () => {
  expect(() => d('3500x00')).toThrow(RangeError);
});
