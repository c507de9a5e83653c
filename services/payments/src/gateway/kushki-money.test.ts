import fc from 'fast-check';
import { MAX_CENTAVOS } from '@cuota/contracts/common/money';
import { centavosToPesos, pesosToCentavos } from './kushki-money';

describe('Kushki decimal pesos ⇄ centavos', () => {
  it('converts exactly, both ways', () => {
    expect(centavosToPesos(345_000)).toBe(3450);
    expect(centavosToPesos(123_450)).toBe(1234.5);
    expect(centavosToPesos(1)).toBe(0.01);
    expect(JSON.stringify({ amount: centavosToPesos(1_999_99) })).toBe('{"amount":1999.99}');
    expect(pesosToCentavos(0.29)).toBe(29);
    expect(pesosToCentavos(1234.5)).toBe(123_450);
  });

  it('refuses what is not a centavo amount', () => {
    expect(pesosToCentavos(-1)).toBeNull();
    expect(pesosToCentavos(0.001)).toBeNull();
    expect(pesosToCentavos(Number.NaN)).toBeNull();
    expect(() => centavosToPesos(10.5)).toThrow(RangeError);
    expect(() => centavosToPesos(-5)).toThrow(RangeError);
  });

  it('round-trips every amount Cuota accepts, through JSON as the gateway sees it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (centavos) => {
        const wire = JSON.parse(JSON.stringify(centavosToPesos(centavos))) as number;
        expect(pesosToCentavos(wire)).toBe(centavos);
      }),
    );
  });
});
