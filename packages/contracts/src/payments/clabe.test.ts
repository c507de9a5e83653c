import { bankOfClabe, clabeCheckDigit, clabeSchema } from './clabe';

// Banxico's published example CLABE: bank 002, plaza 010, account 07777777777, check 1.
const EXAMPLE = '002010077777777771';

test('the check digit is Banxico’s: weights 3, 7, 1, each product mod 10', () => {
  expect(clabeCheckDigit(EXAMPLE.slice(0, 17))).toBe(1);
  // Another published example (032, a bank since merged into Banorte).
  expect(clabeCheckDigit('03218000011835971')).toBe(9);
});

test('the bank is named from the first three digits', () => {
  expect(bankOfClabe(EXAMPLE)).toBe('Banamex');
  expect(bankOfClabe('012180000118359713')).toBe('BBVA México');
  expect(bankOfClabe('032180000118359719')).toBeNull();
});

test('a CLABE typed with spaces is read; a wrong one says why in Spanish', () => {
  expect(clabeSchema.parse('0020 1007 7777 7777 71')).toBe(EXAMPLE);
  const problem = (v: string) => clabeSchema.safeParse(v).error?.issues[0]?.message;
  expect(problem('00201007777777777')).toBe('La CLABE tiene 18 dígitos.');
  expect(problem('002010077777777772')).toBe(
    'La CLABE no es válida: el último dígito no corresponde a los anteriores. Revísala.',
  );
  expect(problem('999010077777777774')).toBe(
    'Los primeros tres dígitos de la CLABE no corresponden a ningún banco.',
  );
});
