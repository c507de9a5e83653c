import fc from 'fast-check';
import {
  GENERIC_RFCS,
  isInvoiceableRfc,
  normalizeRfc,
  parseRfc,
  rfcCheckDigit,
} from '@cuota/contracts/invoicing/rfc';

// Properties of the offline RFC checks (../shared/reference/mexico.md §1, ADR 0006).

const NAME_CHARS = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ&Ñ');
const HOMOCLAVE_CHARS = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const CHECK_CHARS = Array.from('0123456789A');
/** SAT's value table: a character's value is its index (reference §1.3). */
const VALUES = Array.from('0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ');

const two = (n: number) => String(n).padStart(2, '0');

/** A calendar date as the RFC writes it (YYMMDD, read as 20YY). */
const rfcDate = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => two(d.getUTCFullYear() - 2000) + two(d.getUTCMonth() + 1) + two(d.getUTCDate()));

/** Everything but the check digit: name letters (4 física, 3 moral), date, homoclave. */
const rfcBody = fc
  .tuple(
    fc
      .constantFrom(3, 4)
      .chain((n) => fc.array(fc.constantFrom(...NAME_CHARS), { minLength: n, maxLength: n })),
    rfcDate,
    fc.array(fc.constantFrom(...HOMOCLAVE_CHARS), { minLength: 2, maxLength: 2 }),
  )
  .map(([name, date, homoclave]) => name.join('') + date + homoclave.join(''));

/** A well-formed RFC with its correct check digit, not one of the generic placeholders. */
const validRfc = rfcBody
  .map((body) => body + rfcCheckDigit(body))
  .filter((rfc) => !GENERIC_RFCS.has(rfc));

/** How a person might type it: any letter lower case, spaces or dashes between blocks. */
const typedAs = (rfc: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: rfc.length, maxLength: rfc.length }),
      fc.array(fc.constantFrom('', '', ' ', '-', '  ', '\t'), {
        minLength: rfc.length + 1,
        maxLength: rfc.length + 1,
      }),
    )
    .map(
      ([lower, gaps]) =>
        Array.from(rfc)
          .map((c, i) => gaps[i] + (lower[i] ? c.toLocaleLowerCase('es-MX') : c))
          .join('') + gaps.at(-1),
    );

const lastChar = (rfc: string) => Array.from(rfc).at(-1)!;
const withoutLast = (rfc: string) => Array.from(rfc).slice(0, -1).join('');

test('an RFC built by SAT’s rules passes every offline check', () => {
  fc.assert(
    fc.property(validRfc, (rfc) => {
      const parsed = parseRfc(rfc);
      expect(parsed).toEqual({
        rfc,
        kind: Array.from(rfc).length === 13 ? 'fisica' : 'moral',
        generic: false,
        checkDigitMatches: true,
      });
      expect(isInvoiceableRfc(rfc)).toBe(true);
    }),
  );
});

test('another check digit fails the check, yet the RFC stays invoiceable (ADR 0006)', () => {
  const wrongDigit = validRfc.chain((rfc) =>
    fc
      .constantFrom(...CHECK_CHARS.filter((c) => c !== lastChar(rfc)))
      .map((c) => withoutLast(rfc) + c),
  );
  fc.assert(
    fc.property(wrongDigit, (rfc) => {
      expect(parseRfc(rfc)).toMatchObject({ rfc, checkDigitMatches: false, generic: false });
      expect(isInvoiceableRfc(rfc)).toBe(true);
    }),
  );
});

test('the check digit is always one SAT allows: a digit or A', () => {
  fc.assert(fc.property(rfcBody, (body) => CHECK_CHARS.includes(rfcCheckDigit(body))));
});

test('a moral RFC is computed as if padded to 12 with a leading space', () => {
  const moralBody = rfcBody.filter((body) => Array.from(body).length === 11);
  fc.assert(fc.property(moralBody, (body) => rfcCheckDigit(body) === rfcCheckDigit(` ${body}`)));
});

/**
 * Changing one character changes the sum by (its value difference) × (its weight, 13…2),
 * so the digit (sum mod 11) notices it unless that product is a multiple of 11: at the
 * weight-11 position (the third of 12) or for a difference of 11 (e.g. A ↔ L).
 */
test('a single changed character changes the digit, except where mod 11 cannot see it', () => {
  const change = rfcBody.chain((body) => {
    const chars = Array.from(body.padStart(12, ' '));
    const editable = chars.flatMap((c, i) => (c === ' ' ? [] : [i]));
    return fc.tuple(
      fc.constant(chars),
      fc.constantFrom(...editable),
      fc.constantFrom(...NAME_CHARS, ...'0123456789'),
    );
  });
  fc.assert(
    fc.property(change, ([chars, at, replacement]) => {
      fc.pre(chars[at] !== replacement);
      const changed = chars.map((c, i) => (i === at ? replacement : c));
      const delta = VALUES.indexOf(replacement) - VALUES.indexOf(chars[at]!);
      const invisible = ((13 - at) * delta) % 11 === 0;
      const same = rfcCheckDigit(chars.join('')) === rfcCheckDigit(changed.join(''));
      expect(same).toBe(invisible);
    }),
  );
});

test('normalising is idempotent, whatever is typed', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (typed) => {
      const once = normalizeRfc(typed);
      expect(normalizeRfc(once)).toBe(once);
    }),
  );
});

test('case, spaces and dashes do not matter', () => {
  const typed = validRfc.chain((rfc) => fc.tuple(fc.constant(rfc), typedAs(rfc)));
  fc.assert(
    fc.property(typed, ([rfc, asTyped]) => {
      expect(normalizeRfc(asTyped)).toBe(rfc);
      expect(parseRfc(asTyped)).toEqual(parseRfc(rfc));
    }),
  );
});

test('the generic RFCs, however typed, are well formed but never invoiceable', () => {
  const generic = fc.constantFrom(...GENERIC_RFCS).chain(typedAs);
  fc.assert(
    fc.property(generic, (typed) => {
      const parsed = parseRfc(typed);
      expect(parsed).toMatchObject({ generic: true, kind: 'fisica' });
      expect(GENERIC_RFCS.has(parsed!.rfc)).toBe(true);
      expect(isInvoiceableRfc(typed)).toBe(false);
    }),
  );
  // Público en general fails the check digit (…0 where it computes 4); extranjero passes it.
  expect(parseRfc('XAXX010101000')?.checkDigitMatches).toBe(false);
  expect(parseRfc('XEXX010101000')?.checkDigitMatches).toBe(true);
});
