import { formatMoney } from '@cuota/ui/money';

test('formats integer centavos as Mexican pesos', () => {
  expect(formatMoney(123450)).toBe('$1,234.50');
  expect(formatMoney(5)).toBe('$0.05');
  expect(formatMoney(0)).toBe('$0.00');
});
