import fc from 'fast-check';
import { ivaOf, ivaWithinSatLimits, splitIvaIncluded } from './iva-split.ts';

describe('splitIvaIncluded (IVA 16 % out of an IVA-included price)', () => {
  it('splits round prices into the base and tax a bookkeeper expects', () => {
    expect(splitIvaIncluded(116_00)).toEqual({ baseCentavos: 100_00, ivaCentavos: 16_00 });
    expect(splitIvaIncluded(1_000_00)).toEqual({ baseCentavos: 862_07, ivaCentavos: 137_93 });
    expect(splitIvaIncluded(699_99)).toEqual({ baseCentavos: 603_44, ivaCentavos: 96_55 });
  });

  it('reaches totals no exactly rounded tax can (4 centavos) within SAT limits', () => {
    // 3 + round(0.48) = 3 and 4 + round(0.64) = 5: no base rounds to 4.
    expect(splitIvaIncluded(4)).toEqual({ baseCentavos: 3, ivaCentavos: 1 });
    expect(splitIvaIncluded(1)).toEqual({ baseCentavos: 1, ivaCentavos: 0 });
  });

  const paid = fc.integer({ min: 1, max: 10_000_000_000_000 });

  it('base + IVA is always exactly what the family paid, never negative', () => {
    fc.assert(
      fc.property(paid, (total) => {
        const { baseCentavos, ivaCentavos } = splitIvaIncluded(total);
        expect(baseCentavos + ivaCentavos).toBe(total);
        expect(baseCentavos).toBeGreaterThanOrEqual(1);
        expect(ivaCentavos).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the tax is within the limits SAT checks, and exactly rounded whenever possible', () => {
    fc.assert(
      fc.property(paid, (total) => {
        const { baseCentavos, ivaCentavos } = splitIvaIncluded(total);
        expect(ivaWithinSatLimits(baseCentavos, ivaCentavos, 1600)).toBe(true);
        const exactExists = [-2, -1, 0, 1, 2]
          .map((d) => baseCentavos + d)
          .some((b) => b >= 1 && b + ivaOf(b, 1600) === total);
        if (exactExists) expect(ivaCentavos).toBe(ivaOf(baseCentavos, 1600));
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses amounts that are not positive integer centavos', () => {
    expect(() => splitIvaIncluded(0)).toThrow(RangeError);
    expect(() => splitIvaIncluded(10.5)).toThrow(RangeError);
  });
});
