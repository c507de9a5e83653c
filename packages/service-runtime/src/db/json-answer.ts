import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * An instant as JavaScript's `toISOString()` writes it (UTC, milliseconds), for answers whose
 * JSON PostgreSQL writes (ADR 0034's addendum): the text a `Date` in the contract would be.
 */
export const isoTime = (instant: SQLWrapper): SQL =>
  sql`to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
