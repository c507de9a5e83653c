import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '@cuota/service-runtime/db/database';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { containsFolded, foldText } from './search-folding';
import { foldedSql } from './search-folding-sql';

/**
 * The students' search index holds text folded by PostgreSQL (foldedSql) and the typed
 * search is folded in JavaScript (foldText): a search finds a name only if both fold it the
 * same way. Checked on the real server, for random text.
 */
let database: TestDatabase;
let db: Database<Record<string, never>>;
beforeAll(async () => {
  database = await createTestDatabase('search_folding');
  db = createDatabase(database.url, {}, 2);
});
afterAll(async () => {
  await db?.$client.end();
  await database?.drop();
});

const foldedByPostgres = async (text: string) =>
  (await db.execute<{ folded: string }>(sql`SELECT ${foldedSql(sql`${text}::text`)} AS folded`))
    .rows[0]!.folded;

/** Letters people type in a Mexican school's names, upper and lower case, and then some. */
const SPANISH = [...'AÁÉÍÓÚÜÑaáéíóúüñEIOUenrsl'];
/** Where JavaScript and a database's lower() have differed: final sigma, dotted I, ß, Ǆ. */
const TRICKY = [...'ΣσςΑΩİıẞßǄǅǆ'];
const character = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPANISH) },
  { weight: 1, arbitrary: fc.constantFrom(...TRICKY, ' ', '%', '_', '\\') },
  // Any printable grapheme, but no NUL: PostgreSQL text cannot hold it (searches refuse it).
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);
const typedText = fc.string({ unit: character, maxLength: 40 });

test('JavaScript folds any text exactly as PostgreSQL does', async () => {
  await fc.assert(
    fc.asyncProperty(typedText, async (text) => {
      expect(foldText(text)).toBe(await foldedByPostgres(text));
    }),
    { numRuns: 300 },
  );
});

/** What a person may type for a Spanish name: as written, in capitals, or without accents. */
const withoutAccents = (text: string) =>
  text
    .normalize('NFD')
    .replace(/(?<!n)[\u0301\u0308]/gi, '')
    .normalize('NFC');
const spanishText = fc.string({ unit: fc.constantFrom(...SPANISH, ' '), maxLength: 30 });

test('a stored name is found by any piece of it, typed in capitals or without accents', async () => {
  const stored = fc
    .tuple(typedText, spanishText, typedText)
    .map(([before, piece, after]) => ({ text: before + piece + after, piece }));
  const typing = fc.constantFrom(
    (t: string) => t,
    (t: string) => t.toUpperCase(),
    (t: string) => t.toLowerCase(),
    withoutAccents,
  );
  await fc.assert(
    fc.asyncProperty(stored, typing, async ({ text, piece }, type) => {
      const { rows } = await db.execute<{ found: boolean }>(
        sql`SELECT ${foldedSql(sql`${text}::text`)} LIKE ${containsFolded(type(piece))} AS found`,
      );
      expect(rows[0]!.found).toBe(true);
    }),
    { numRuns: 200 },
  );
});
