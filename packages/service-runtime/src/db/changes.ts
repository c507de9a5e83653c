import { bindIfParam, getTableColumns, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** The fields of an update that say something (undefined means "leave as it is"). */
export function definedChanges<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/**
 * The condition "at least one of these columns would change" (`IS DISTINCT FROM`, so NULLs
 * and jsonb compare by value), or undefined when nothing was asked to change. An UPDATE
 * limited by it touches no row when the values are already there: `updated_at` keeps its
 * time and the repository publishes nothing, because nothing happened.
 */
export function anyColumnChanges(table: PgTable, changes: object): SQL | undefined {
  const columns: Record<string, Column> = getTableColumns(table);
  const differs = Object.entries(definedChanges(changes)).map(([key, value]) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return sql`${column} IS DISTINCT FROM ${bindIfParam(value, column)}`;
  });
  return differs.length ? or(...differs) : undefined;
}
