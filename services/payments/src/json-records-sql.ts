import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * `rows` (by the table's property names) as one JSON array of the table's rows by column
 * name, in driver values: a statement's single parameter that `jsonb_populate_recordset`
 * turns back into rows, however many (a prepared statement cannot vary its VALUES).
 */
export function jsonRecords(table: Table, rows: Record<string, unknown>[]): string {
  const columns = Object.entries(getTableColumns(table));
  return JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        columns.map(([key, column]) => [
          column.name,
          row[key] == null ? null : column.mapToDriverValue(row[key]),
        ]),
      ),
    ),
  );
}
