// Spanish accents a person may or may not type; ñ stays ñ (Peña is not Pena).
export const ACCENTED = 'áéíóúü';
export const PLAIN = 'aeiouu';

/**
 * A character's lower case as PostgreSQL's lower() gives it: the character alone (no
 * final-sigma rule: Σ is σ anywhere) and one character for one (İ is i, not i + dot).
 */
const lowerAlone = (c: string) => String.fromCodePoint(c.toLowerCase().codePointAt(0)!);

/** The same folding in JavaScript, for the typed search. */
export const foldText = (text: string): string =>
  [...text]
    .map(lowerAlone)
    .map((c) => PLAIN[ACCENTED.indexOf(c)] ?? c)
    .join('');

/** A LIKE pattern for "contains `text`", folded; `%` and `_` typed by a person are letters. */
export const containsFolded = (text: string): string =>
  `%${foldText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
