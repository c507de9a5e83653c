import { formatCentavos, formatRate, formatUnitValue, parseCentavos } from './cfdi-amounts.ts';

describe('CFDI decimal strings from integer centavos', () => {
  it('writes MXN amounts with exactly two decimals', () => {
    expect(formatCentavos(0)).toBe('0.00');
    expect(formatCentavos(5)).toBe('0.05');
    expect(formatCentavos(485_000)).toBe('4850.00');
    expect(formatCentavos(9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(() => formatCentavos(-1)).toThrow(RangeError);
  });

  it('writes the unit value with two decimals when exact, else six rounded half up', () => {
    expect(formatUnitValue(150_000, 2)).toBe('750.00');
    expect(formatUnitValue(86_207, 3)).toBe('287.356667');
    expect(formatUnitValue(100, 3)).toBe('0.333333');
    expect(formatUnitValue(200, 3)).toBe('0.666667');
    // Beyond 2^53 millionths the BigInt path still divides exactly.
    expect(formatUnitValue(10_000_000_000_000, 3)).toBe('33333333333.333333');
  });

  it('writes rates as TasaOCuota: six decimals', () => {
    expect(formatRate(1600)).toBe('0.160000');
    expect(formatRate(800)).toBe('0.080000');
  });

  it('reads amounts back without losing or inventing centavos', () => {
    expect(parseCentavos('4850.00')).toBe(485_000);
    expect(parseCentavos('5850.5')).toBe(585_050);
    expect(parseCentavos('12')).toBe(1_200);
    expect(parseCentavos('862.070000')).toBe(86_207);
    expect(() => parseCentavos('862.071')).toThrow(RangeError);
    expect(() => parseCentavos('-1.00')).toThrow(RangeError);
  });
});
