/** SAT's RFC check-digit alphabet: value = index (space 37, Ñ 38). docs: shared/reference/mexico.md §1.3 */
const ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** The dígito verificador of an RFC without its last char (11 chars moral, 12 física). */
export function rfcCheckDigit(withoutDigit: string): string {
  const chars = [...withoutDigit.padStart(12, ' ')];
  const sum = chars.reduce((acc, c, i) => acc + ALPHABET.indexOf(c) * (13 - i), 0);
  const r = sum % 11;
  return r === 0 ? '0' : r === 1 ? 'A' : String(11 - r);
}
