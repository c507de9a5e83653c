/**
 * Kushki speaks decimal pesos (JSON numbers with at most two decimals); Cuota keeps integer
 * centavos. Both directions go through the number's decimal text, so they are exact.
 */
const DECIMAL_PESOS = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** 123450 → 1234.5: the double whose shortest text is exactly the decimal amount. */
export function centavosToPesos(centavos: number): number {
  if (!Number.isSafeInteger(centavos) || centavos < 0)
    throw new RangeError(`Importe inválido: ${centavos}`);
  return Number(`${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`);
}

/** 1234.5 → 123450; null when negative, not finite or finer than a centavo. */
export function pesosToCentavos(pesos: number): number | null {
  if (!Number.isFinite(pesos)) return null;
  const match = DECIMAL_PESOS.exec(String(pesos));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
