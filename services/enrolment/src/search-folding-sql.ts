import { sql, type SQL } from 'drizzle-orm';
import { ACCENTED, PLAIN } from './search-folding';

/**
 * Lower case without accents, in SQL ("Cristóbal" finds "Cristobal"). The mapping is inlined
 * so an index on the same expression (the students' search index) matches the query.
 */
export const foldedSql = (text: SQL): SQL =>
  sql`translate(lower(${text}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;
