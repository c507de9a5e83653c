import { brandOf, hasExpired, passesLuhn } from './card-number.ts';

test('the Luhn digit and the brand come from the number', () => {
  expect(passesLuhn('5451951574925480')).toBe(true);
  expect(passesLuhn('5451951574925481')).toBe(false);
  expect(brandOf('5451951574925480')).toBe('Mastercard');
  expect(brandOf('2221000000000009')).toBe('Mastercard');
  expect(brandOf('4349001210846432')).toBe('Visa');
  expect(brandOf('378282246310005')).toBe('American Express');
  expect(brandOf('6011111111111117')).toBeNull();
});

test('a card is good through the last day of its expiry month', () => {
  const lastDayOfMarch = new Date(2027, 2, 31, 23, 59);
  expect(hasExpired(3, 27, lastDayOfMarch)).toBe(false);
  expect(hasExpired(2, 27, lastDayOfMarch)).toBe(true);
  expect(hasExpired(12, 26, lastDayOfMarch)).toBe(true);
  expect(hasExpired(1, 28, lastDayOfMarch)).toBe(false);
});
