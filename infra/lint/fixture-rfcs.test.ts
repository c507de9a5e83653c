import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRfc } from '@cuota/contracts/invoicing/rfc';

/**
 * Every RFC written in the code (fixtures, seeds, examples in messages) carries the dígito
 * verificador SAT's algorithm gives (mexico.md §1.3): a fixture with a wrong one tests a
 * family SAT's list would not hold, and an example in a message teaches a wrong RFC. Strings
 * that are not an RFC at all (a month 13) are someone's bad input on purpose and not looked at.
 */
const ROOT = path.resolve(__dirname, '../..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.cuota']);
/** Also as people type them into forms in tests: lower case, dashes between the blocks. */
const RFC_LIKE = /(?<![\w&Ññ-])[A-Za-z&Ññ]{3,4}-?\d{6}-?[A-Za-z\d]{2}[\dAa](?![\w-])/gu;

/** The wrong check digits that are the point of their test. */
const DELIBERATE: Record<string, string> = {
  CAMA911215CJ1: 'packages/contracts/src/invoicing/rfc.test.ts: a mismatch parses as a warning',
  COSC8001137N9: 'services/invoicing billing-validation-rules.test.ts: the warning a family sees',
};

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : codeFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The RFCs in a text whose last character is not their check digit. */
const wrongIn = (text: string) =>
  Array.from(text.matchAll(RFC_LIKE), ([rfc]) => rfc).filter((rfc) => {
    const parsed = parseRfc(rfc);
    return parsed && !parsed.generic && !parsed.checkDigitMatches && !DELIBERATE[parsed.rfc];
  });

const wrongCheckDigits = (file: string) =>
  wrongIn(readFileSync(file, 'utf8')).map((rfc) => `${path.relative(ROOT, file)}: ${rfc}`);

test('the guard sees a wrong check digit, not a right one, a generic one or a non-RFC', () => {
  // Split so that this file holds no wrong RFC itself.
  const wrong = 'GOMA800101AB' + '1';
  const typed = 'goma-800101-ab' + '1';
  const text = `${wrong} GOMA800101AB6 XAXX010101000 XOJI741319U48 CAMA911215CJ1 X${wrong} ${typed}`;
  expect(wrongIn(text)).toEqual([wrong, typed]);
});

test('every RFC in the code has its right check digit, but for the deliberate ones', () => {
  const workspaces = readdirSync(ROOT, { withFileTypes: true }).filter(
    (entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED.has(entry.name),
  );
  const wrong = workspaces.flatMap((entry) =>
    codeFiles(path.join(ROOT, entry.name)).flatMap(wrongCheckDigits),
  );
  expect(wrong).toEqual([]);
});
