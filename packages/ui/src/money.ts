const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

function assertCentavos(centavos: number): void {
  if (!Number.isSafeInteger(centavos))
    throw new RangeError(`Money is whole centavos; got ${centavos}`);
}

/** `123450` → `'1234.50'` by integer arithmetic: no float ever holds the amount. */
export function centavosToDecimal(centavos: number): string {
  assertCentavos(centavos);
  const abs = Math.abs(centavos);
  const cents = abs % 100;
  const pesos = (abs - cents) / 100;
  return `${centavos < 0 ? '-' : ''}${pesos}.${String(cents).padStart(2, '0')}`;
}

/**
 * Money travels as integer centavos; this is where it becomes text (`$1,234.50`). Intl
 * formats the decimal string exactly, so amounts beyond a float's cents stay right.
 */
export function formatMoney(centavos: number): string {
  return mxn.format(centavosToDecimal(centavos) as `${number}`);
}

/** `1,234.50`, `$1234.5`, `1234`: pesos as people type them (comma groups, dot decimals). */
const TYPED_AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** What someone typed as an amount in pesos, in centavos; null when it is not one. */
export function parseMoney(text: string): number | null {
  const match = TYPED_AMOUNT.exec(text.trim());
  if (!match) return null;
  const pesos = Number(match[1]!.replaceAll(',', ''));
  const centavos = pesos * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(centavos) ? centavos : null;
}
