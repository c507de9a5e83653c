import { amountInWords } from './amount-in-words.ts';

describe('amountInWords (importe con letra)', () => {
  it.each([
    [0, 'CERO PESOS 00/100 M.N.'],
    [1_00, 'UN PESO 00/100 M.N.'],
    [21_50, 'VEINTIÚN PESOS 50/100 M.N.'],
    [31_00, 'TREINTA Y UN PESOS 00/100 M.N.'],
    [100_00, 'CIEN PESOS 00/100 M.N.'],
    [101_00, 'CIENTO UN PESOS 00/100 M.N.'],
    [515_05, 'QUINIENTOS QUINCE PESOS 05/100 M.N.'],
    [1_001_00, 'MIL UN PESOS 00/100 M.N.'],
    [5_850_00, 'CINCO MIL OCHOCIENTOS CINCUENTA PESOS 00/100 M.N.'],
    [21_000_00, 'VEINTIÚN MIL PESOS 00/100 M.N.'],
    [100_000_00, 'CIEN MIL PESOS 00/100 M.N.'],
    [999_999_99, 'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE PESOS 99/100 M.N.'],
    [1_000_000_00, 'UN MILLÓN DE PESOS 00/100 M.N.'],
    [1_000_100_00, 'UN MILLÓN CIEN PESOS 00/100 M.N.'],
    [2_500_000_00, 'DOS MILLONES QUINIENTOS MIL PESOS 00/100 M.N.'],
    [1_000_000_000_00, 'MIL MILLONES DE PESOS 00/100 M.N.'],
  ])('%i centavos → %s', (centavos, words) => {
    expect(amountInWords(centavos)).toBe(words);
  });

  it('refuses what is not whole centavos in range', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
