/**
 * RFC (Registro Federal de Contribuyentes) checks that need no call to SAT: shape, date
 * and dígito verificador. Facts and test vectors: ../shared/reference/mexico.md §1.
 * Whether SAT has the RFC registered is only known when a PAC stamps an invoice.
 */

export type RfcKind = 'fisica' | 'moral';

/** Público en general and extranjero: placeholders, not anyone's own RFC. */
export const GENERIC_RFCS: ReadonlySet<string> = new Set(['XAXX010101000', 'XEXX010101000']);

/** SAT's t_RFC_PF / t_RFC_PM patterns (tdCFDI.xsd); `u` because Ñ is not ASCII. */
const RFC_PATTERN =
  /^([A-Z&Ñ]{3,4})(\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])([A-Z\d]{2})([\dA])$/u;

/** A character's value is its index here (SAT's table: & = 24, space = 37, Ñ = 38). */
const CHECK_ALPHABET = Array.from('0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ');

export interface ParsedRfc {
  rfc: string;
  kind: RfcKind;
  generic: boolean;
  checkDigitMatches: boolean;
}

/** Upper case, without the spaces and dashes people type between the blocks. */
export function normalizeRfc(input: string): string {
  return input.toLocaleUpperCase('es-MX').replace(/[\s-]/g, '');
}

/** Dígito verificador of the RFC without its last character (11 or 12 characters). */
export function rfcCheckDigit(body: string): string {
  const chars = Array.from(body.padStart(12, ' '));
  const sum = chars.reduce((acc, ch, i) => {
    const value = CHECK_ALPHABET.indexOf(ch);
    if (value < 0) throw new RangeError(`Carácter no válido en el RFC: ${ch}`);
    return acc + value * (13 - i);
  }, 0);
  const remainder = sum % 11;
  return remainder === 0 ? '0' : remainder === 1 ? 'A' : String(11 - remainder);
}

/**
 * Parses an RFC's structure: 4 letters (física) or 3 (moral), a real YYMMDD date, the
 * homoclave and the check digit. Returns null when the shape or the date is wrong.
 */
export function parseRfc(input: string): ParsedRfc | null {
  const rfc = normalizeRfc(input);
  const match = RFC_PATTERN.exec(rfc);
  if (!match) return null;
  const [, name, yy, mm, dd] = match;
  if (!isCalendarDate(Number(yy), Number(mm), Number(dd))) return null;
  const chars = Array.from(rfc);
  const body = chars.slice(0, -1).join('');
  return {
    rfc,
    kind: Array.from(name!).length === 4 ? 'fisica' : 'moral',
    generic: GENERIC_RFCS.has(rfc),
    checkDigitMatches: rfcCheckDigit(body) === chars.at(-1),
  };
}

/**
 * An RFC a named guardian can be invoiced under: well formed and not one of SAT's generic
 * placeholders. A check-digit mismatch is only a warning (ADR 0006): some registered RFCs
 * carry a wrong one, and only SAT (through the PAC) knows for sure.
 */
export function isInvoiceableRfc(input: string): boolean {
  const parsed = parseRfc(input);
  return !!parsed && !parsed.generic;
}

/**
 * The RFC's two-digit year has no century; like phpcfdi we read it as 20YY. The only
 * difference from 19YY would be 29 February of year 00, valid in 2000 but not in 1900.
 */
function isCalendarDate(yy: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000 + yy, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
