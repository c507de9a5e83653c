import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';

/** A Drizzle database or an open transaction on it: both can write events. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Executor = PgDatabase<NodePgQueryResultHKT, any>;
