/**
 * Kushki speaks decimal pesos (JSON numbers, at most two decimals); the sandbox keeps integer
 * centavos. Conversion goes through the number's decimal text, so it is exact.
 */
const DECIMAL_PESOS = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "1234.5" → 123450; null when it is not a non-negative amount with at most 2 decimals. */
export function parseDecimalPesos(text: string): number | null {
  const match = DECIMAL_PESOS.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A JSON number in pesos → centavos (null when negative, non-finite or finer than a centavo). */
export function pesosToCentavos(value: number): number | null {
  return Number.isFinite(value) ? parseDecimalPesos(String(value)) : null;
}

/** Centavos → the decimal number Kushki puts in its JSON (123450 → 1234.5). */
export function centavosToPesos(centavos: number): number {
  return centavos / 100;
}

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** 123450 → "$1,234.50" for people to read. */
export function formatPesos(centavos: number): string {
  return mxn.format(centavos / 100);
}
