import {
  isInvoiceableRfc,
  normalizeRfc,
  parseRfc,
  rfcCheckDigit,
} from '@cuota/contracts/invoicing/rfc';

describe('rfcCheckDigit', () => {
  // Vectors from phpcfdi/rfc's CheckSumTest and SAT's public test RFC (reference/mexico.md §1.3).
  test.each([
    ['CAMA911215CJ0'],
    ['COSC8001137NA'],
    ['SORC591116FJ6'],
    ['DIM8701081LA'],
    ['A&A050908GT0'],
    ['SAT970701NN3'],
    ['AÑÑ801231JK0'],
    ['EKU9003173C9'],
  ])('computes the last character of %s', (rfc) => {
    const chars = Array.from(rfc);
    expect(rfcCheckDigit(chars.slice(0, -1).join(''))).toBe(chars.at(-1));
  });

  test('XAXX010101000 does not satisfy the algorithm; XEXX010101000 does', () => {
    expect(rfcCheckDigit('XAXX01010100')).toBe('4');
    expect(rfcCheckDigit('XEXX01010100')).toBe('0');
  });
});

describe('parseRfc', () => {
  test('tells persona física (13) from persona moral (12)', () => {
    expect(parseRfc('CAMA911215CJ0')).toEqual({
      rfc: 'CAMA911215CJ0',
      kind: 'fisica',
      generic: false,
      checkDigitMatches: true,
    });
    expect(parseRfc('SAT970701NN3')?.kind).toBe('moral');
    expect(parseRfc('AÑÑ801231JK0')?.kind).toBe('moral');
  });

  test('normalises case, spaces and dashes as people type them', () => {
    expect(normalizeRfc(' cama-911215-cj0 ')).toBe('CAMA911215CJ0');
    expect(normalizeRfc('aññ801231jk0')).toBe('AÑÑ801231JK0');
    expect(parseRfc('sat 970701 nn3')?.rfc).toBe('SAT970701NN3');
  });

  test.each([
    ['', 'empty'],
    ['CAMA911215CJ', 'too short for a física'],
    ['CAMA911215CJ00', 'too long'],
    ['CA1A911215CJ0', 'digit in the name part'],
    ['CAMA911315CJ0', 'month 13'],
    ['CAMA910230CJ0', '30 February'],
    ['CAMA910229CJ0', '29 February of a common year'],
    ['CAMA911200CJ0', 'day 00'],
    ['CAMA911215CJB', 'check digit other than 0-9 or A'],
    ['CAMA911215C-J0x', 'stray characters'],
  ])('rejects %s (%s)', (rfc) => {
    expect(parseRfc(rfc)).toBeNull();
  });

  test('accepts 29 February of a leap year', () => {
    expect(parseRfc('GODE000229AB1')).not.toBeNull();
  });

  test('flags a wrong check digit and the generic RFCs', () => {
    expect(parseRfc('CAMA911215CJ1')?.checkDigitMatches).toBe(false);
    expect(parseRfc('XAXX010101000')?.generic).toBe(true);
    expect(parseRfc('XEXX010101000')?.generic).toBe(true);
  });
});

describe('isInvoiceableRfc', () => {
  test('accepts well-formed RFCs, even with a check digit that does not match', () => {
    expect(isInvoiceableRfc('CAMA911215CJ0')).toBe(true);
    expect(isInvoiceableRfc('CAMA911215CJ1')).toBe(true);
    expect(isInvoiceableRfc('A&A050908GT0')).toBe(true);
    expect(isInvoiceableRfc('EKU9003173C9')).toBe(true);
  });

  test('refuses a bad date and the generic placeholders', () => {
    expect(isInvoiceableRfc('CAMA911315CJ0')).toBe(false);
    expect(isInvoiceableRfc('XAXX010101000')).toBe(false);
    expect(isInvoiceableRfc('XEXX010101000')).toBe(false);
  });
});
