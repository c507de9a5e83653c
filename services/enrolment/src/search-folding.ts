import { sql, type SQL } from 'drizzle-orm';

// Spanish accents a person may or may not type; ñ stays ñ (Peña is not Pena).
const ACCENTED = 'áéíóúü';
const PLAIN = 'aeiouu';

/**
 * Lower case without accents, in SQL ("Cristóbal" finds "Cristobal"). The mapping is inlined
 * so an index on the same expression (the students' search index) matches the query.
 */
export const foldedSql = (text: SQL): SQL =>
  sql`translate(lower(${text}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;

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
