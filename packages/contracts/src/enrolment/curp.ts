/**
 * The CURP's dígito verificador (its 18th character), from the 17 before it. Facts and test
 * vectors: ../shared/reference/mexico.md §1.5.
 */

/** A character's value is its index here (RENAPO's table: Ñ = 24, O = 25 … Z = 36). */
const CHECK_ALPHABET = Array.from('0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ');

export function curpCheckDigit(body: string): string {
  const chars = Array.from(body);
  if (chars.length !== 17) throw new RangeError('Una CURP sin su dígito tiene 17 caracteres.');
  const sum = chars.reduce((acc, ch, i) => {
    const value = CHECK_ALPHABET.indexOf(ch);
    if (value < 0) throw new RangeError(`Carácter no válido en la CURP: ${ch}`);
    return acc + value * (18 - i);
  }, 0);
  return String((10 - (sum % 10)) % 10);
}
