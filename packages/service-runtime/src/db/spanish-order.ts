import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Names sort as a Mexican reader expects ("Álvarez" beside "Alvarez", before "Zapata"):
 * the databases run with a bytewise locale, so ordering asks for ICU's Spanish collation.
 * Indexes that serve these orderings must use the same expression.
 */
export function spanishOrder(column: AnyColumn): SQL {
  return sql`${column} COLLATE "es-x-icu"`;
}
