import { createDatabase } from '@cuota/service-runtime/db/database';

/**
 * A one-connection database on `url` that counts the statements sent through it, and names
 * the statements its session has prepared: "a page is one named statement" tests (issue 16).
 */
export function countedDatabase<S extends Record<string, unknown>>(url: string, schema: S) {
  const db = createDatabase(url, schema, 1);
  const query = db.$client.query.bind(db.$client);
  const counted = { db, sent: 0 };
  db.$client.query = ((...args: Parameters<typeof query>) => {
    counted.sent += 1;
    return query(...args);
  }) as typeof query;
  return Object.assign(counted, {
    /** The named statements this connection has prepared, by name (not counted). */
    prepared: async () =>
      (
        await query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')
      ).rows.map((r) => r.name),
    end: () => db.$client.end(),
  });
}
