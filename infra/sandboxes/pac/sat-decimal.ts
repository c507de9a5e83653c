/**
 * Exact decimal arithmetic for a CFDI's amounts: a value is `units / 10^places`, so "3500.00"
 * is { units: 350000n, places: 2 }. SAT compares decimal strings, never floats, and so do we.
 */
export interface Decimal {
  units: bigint;
  places: number;
}

export const ZERO: Decimal = { units: 0n, places: 0 };

export function parseDecimal(text: string): Decimal {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`"${text}" no es un número decimal`);
  const fraction = match[3] ?? '';
  const units = BigInt(match[2]! + fraction);
  return { units: match[1] ? -units : units, places: fraction.length };
}

export function formatDecimal(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.places + 1, '0');
  const whole = digits.slice(0, digits.length - value.places);
  const fraction = value.places ? `.${digits.slice(-value.places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

function unitsAt(value: Decimal, places: number): bigint {
  return value.units * 10n ** BigInt(places - value.places);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const places = Math.max(a.places, b.places);
  return { units: unitsAt(a, places) + unitsAt(b, places), places };
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  return add(a, { units: -b.units, places: b.places });
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, places: a.places + b.places };
}

export function sum(values: Decimal[]): Decimal {
  return values.reduce(add, ZERO);
}

export function compare(a: Decimal, b: Decimal): number {
  const places = Math.max(a.places, b.places);
  const difference = unitsAt(a, places) - unitsAt(b, places);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

export function equals(a: Decimal, b: Decimal): boolean {
  return compare(a, b) === 0;
}

/** Half a unit of the last decimal place: the tolerance SAT grants a value written with `places` decimals. */
export function halfUnit(places: number): Decimal {
  return { units: 5n, places: places + 1 };
}

type Rounding = 'floor' | 'ceil' | 'half-up';

/** `value` with at most `places` decimals; half-up rounds halves away from zero (SAT's "redondeo"). */
export function roundTo(value: Decimal, places: number, rounding: Rounding): Decimal {
  if (value.places <= places) return { units: unitsAt(value, places), places };
  const divisor = 10n ** BigInt(value.places - places);
  let quotient = value.units / divisor; // truncates toward zero
  const remainder = value.units % divisor;
  if (remainder !== 0n) {
    if (rounding === 'floor' && value.units < 0n) quotient -= 1n;
    if (rounding === 'ceil' && value.units > 0n) quotient += 1n;
    if (rounding === 'half-up') {
      const doubled = (remainder < 0n ? -remainder : remainder) * 2n;
      if (doubled >= divisor) quotient += value.units < 0n ? -1n : 1n;
    }
  }
  return { units: quotient, places };
}
