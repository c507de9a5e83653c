import { formatDecimalPesos, formatPesos } from './money-format.ts';

describe('money for people (es-MX)', () => {
  it('formats integer centavos exactly, grouped by thousands', () => {
    expect(formatPesos(0)).toBe('$0.00');
    expect(formatPesos(5)).toBe('$0.05');
    expect(formatPesos(585_000)).toBe('$5,850.00');
    expect(formatPesos(-1_200)).toBe('-$12.00');
    expect(formatPesos(9_007_199_254_740_991)).toBe('$90,071,992,547,409.91');
  });

  it('formats CFDI decimals keeping the decimals written (unit values carry six)', () => {
    expect(formatDecimalPesos('287.356667')).toBe('$287.356667');
    expect(formatDecimalPesos('1234567.5')).toBe('$1,234,567.50');
    expect(formatDecimalPesos('12')).toBe('$12.00');
    expect(() => formatDecimalPesos('1,000.00')).toThrow(RangeError);
  });
});
