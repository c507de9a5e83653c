import {
  getTableColumns,
  sql,
  type Column,
  type SQL,
  type SQLWrapper,
  type Table,
} from 'drizzle-orm';

/**
 * `rows` (by the table's property names) as one JSON array of the table's rows by column
 * name, in driver values: a statement's single parameter that `jsonb_populate_recordset`
 * turns back into rows, however many (a prepared statement cannot vary its VALUES). A null
 * value is left out: the record's column is NULL all the same, and the JSON is shorter.
 */
export function jsonRecords(table: Table, rows: object[]): string {
  const columns = columnsOf(table);
  return JSON.stringify(
    rows.map((row) => {
      const values = row as Record<string, unknown>;
      const record: Record<string, unknown> = {};
      for (const [key, column] of columns)
        if (values[key] != null) record[column.name] = column.mapToDriverValue(values[key]);
      return record;
    }),
  );
}

/** A table's columns by property name, read once (every checkout wrote three tables' rows). */
const columnsOf = (table: Table) => {
  let columns = tableColumns.get(table);
  if (!columns) tableColumns.set(table, (columns = Object.entries(getTableColumns(table))));
  return columns;
};
const tableColumns = new WeakMap<Table, [string, Column][]>();

/**
 * `INSERT INTO table (columns) SELECT columns FROM` the `jsonRecords` parameter `records`,
 * only the rows `where` keeps (Drizzle's `values()` takes no condition; it reads a row's
 * columns as `record.<column>`): the columns not listed keep their defaults.
 */
export function insertFromRecords(
  table: Table,
  columns: Column[],
  records: SQLWrapper,
  where?: SQL,
): SQL {
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((c) => sql`record.${sql.identifier(c.name)}`),
    sql`, `,
  );
  return sql`INSERT INTO ${table} (${names})
    SELECT ${values} FROM jsonb_populate_recordset(NULL::${table}, ${records}::jsonb) AS record
    ${where ? sql`WHERE ${where}` : sql``}`;
}
