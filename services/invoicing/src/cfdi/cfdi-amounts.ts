/**
 * Integer centavos to the decimal strings a CFDI carries, and back. Exact integer (BigInt)
 * arithmetic only: no float ever touches an amount.
 */

/** "1234.50": MXN amounts carry exactly the currency's two decimals. */
export function formatCentavos(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) {
    throw new RangeError(`Importe fuera de rango: ${centavos}`);
  }
  const pesos = Math.trunc(centavos / 100);
  return `${pesos}.${String(centavos % 100).padStart(2, '0')}`;
}

/**
 * ValorUnitario of a line whose Importe is `importeCentavos` for `quantity` units: two
 * decimals when the division is exact, else six (the most SAT admits), rounded half up.
 * SAT checks Importe against Cantidad × ValorUnitario within the rounding of both.
 */
export function formatUnitValue(importeCentavos: number, quantity: number): string {
  if (importeCentavos % quantity === 0) return formatCentavos(importeCentavos / quantity);
  const millionths =
    (BigInt(importeCentavos) * 10_000n * 2n + BigInt(quantity)) / (2n * BigInt(quantity));
  const whole = millionths / 1_000_000n;
  const fraction = String(millionths % 1_000_000n).padStart(6, '0');
  return `${whole}.${fraction}`;
}

/** Rates as SAT writes TasaOCuota: six decimals ("0.160000"), from basis points. */
export function formatRate(basisPoints: number): string {
  return `0.${String(basisPoints * 100).padStart(6, '0')}`;
}

/**
 * "1234.5" / "1234.500000" / "1234" to centavos, for amounts read back from a CFDI.
 * Fractions of a centavo would lose money, so they are refused rather than rounded.
 */
export function parseCentavos(decimal: string): number {
  const match = /^(\d+)(?:\.(\d{1,2})(0{0,4}))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`No es un importe en pesos con centavos: ${decimal}`);
  const [, pesos = '', cents = ''] = match;
  const centavos = Number(pesos) * 100 + Number(cents.padEnd(2, '0'));
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Importe fuera de rango: ${decimal}`);
  return centavos;
}
