/**
 * Free text (names, descriptions) as a CFDI attribute may carry it. SAT's patterns forbid
 * "|" (it separates the cadena original) and the cadena collapses whitespace; writing the
 * value already collapsed keeps the XML, the cadena and the PDF saying the same thing.
 */

// XML 1.0 forbids C0 controls other than tab/LF/CR; those three are whitespace anyway.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** XPath normalize-space: trim and collapse runs of space, tab, CR and LF. */
export function normalizeSpace(value: string): string {
  return value.replace(/[ \t\r\n]+/g, ' ').trim();
}

export function cfdiText(value: string, maxLength: number): string {
  const clean = normalizeSpace(
    value.normalize('NFC').replace(CONTROL_CHARACTERS, ' ').replaceAll('|', '/'),
  );
  return Array.from(clean).slice(0, maxLength).join('').trimEnd();
}
