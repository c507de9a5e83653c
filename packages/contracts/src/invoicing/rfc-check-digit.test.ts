import { rfcCheckDigit } from './rfc-check-digit';

// Test vectors from phpcfdi/rfc, as listed in shared/reference/mexico.md §1.3.
test.each([
  'CAMA911215CJ0',
  'COSC8001137NA',
  'SORC591116FJ6',
  'DIM8701081LA',
  'A&A050908GT0',
  'SAT970701NN3',
  'AÑÑ801231JK0',
  'EKU9003173C9',
])('%s carries its own check digit', (rfc) => {
  const chars = [...rfc];
  expect(rfcCheckDigit(chars.slice(0, -1).join(''))).toBe(chars.at(-1));
});

test('the generic national RFC does not pass the algorithm', () => {
  expect(rfcCheckDigit('XAXX01010100')).not.toBe('0');
});
