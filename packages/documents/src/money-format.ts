/**
 * Money for people (es-MX) with integer arithmetic only: the one formatting every printed
 * document uses (CFDI, desk receipts).
 */

const grouping = new Intl.NumberFormat('es-MX', { useGrouping: true });

/** "$1,234.50" from integer centavos; negative amounts as "-$12.00". */
export function formatPesos(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Importe inválido: ${centavos}`);
  const sign = centavos < 0 ? '-' : '';
  const absolute = Math.abs(centavos);
  return `${sign}${formatDecimalPesos(`${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`)}`;
}

/**
 * "$287.356667" from a CFDI decimal such as a six-decimal ValorUnitario: grouped pesos and
 * the decimals as written (at least two).
 */
export function formatDecimalPesos(decimal: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) throw new RangeError(`No es un importe: ${decimal}`);
  const [, pesos = '0', fraction = ''] = match;
  return `$${grouping.format(BigInt(pesos))}.${fraction.padEnd(2, '0')}`;
}
